/**
 * The chat webhook's signature: `X-Console-Signature: t=<unix seconds>,v1=<hex>`, where the hex
 * is HMAC-SHA256 under `NOTIFY_WEBHOOK_SECRET` of `"<t>.<body>"` (the exact bytes posted). A
 * receiver recomputes it to refuse forgeries, and refuses a `t` too far from its own clock to
 * refuse replays; a retry is signed afresh, the body (and its `message_id`) the same.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Console-Signature';
export const MESSAGE_ID_HEADER = 'X-Console-Message-Id';

const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

/**
 * The header's value for `body` posted at `nowMs`.
 *
 * @example
 * signWebhook(secret, JSON.stringify(payload), Date.now()); // 't=1767600000,v1=5f2c…'
 */
export function signWebhook(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * What a receiver does: true when `header` signs `body` under `secret` and its time is within
 * `toleranceS` of `nowMs` (five minutes unless given).
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | null | undefined,
  nowMs: number,
  toleranceS = 300,
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowMs / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
