import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature';

const secret = 'a-webhook-secret-of-the-run';
const body = '{"text":"Approval needed","message_id":"m-1"}';
const at = Date.UTC(2026, 0, 5, 9, 0, 0);

describe('the chat webhook signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const t = at / 1000;
    const hex = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhook(secret, body, at)).toBe(`t=${t},v1=${hex}`);
  });

  it('verifies with the secret, and fails with another secret, another body or an old time', () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhook(secret, body, header, at + 1000)).toBe(true);
    expect(verifyWebhook('another-secret-entirely', body, header, at)).toBe(false);
    expect(verifyWebhook(secret, body.replace('m-1', 'm-2'), header, at)).toBe(false);
    expect(verifyWebhook(secret, body, header, at + 301_000)).toBe(false);
    expect(verifyWebhook(secret, body, 'v1=abc', at)).toBe(false);
    expect(verifyWebhook(secret, body, undefined, at)).toBe(false);
  });
});
