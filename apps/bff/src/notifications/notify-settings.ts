/**
 * Notification settings from the `SMTP_*` and `NOTIFY_*` variables, checked with the rest of the
 * configuration (`env.ts` reads them; this module only validates what it is given). The SMTP URL
 * (it may carry a password), the webhook's URL (a chat webhook's path is its credential) and its
 * signing secret are secrets: no problem message ever repeats them.
 */
import { z } from 'zod';
import { EmailSchema } from '../operators/users-file';

/** The validated settings. Secrets are values here; never logged. */
export interface NotifySettings {
  /** Email over SMTP: `smtp://` (STARTTLS where the server offers it) or `smtps://`. */
  smtp: { url: string; from: string } | undefined;
  /** The chat webhook (Slack incoming-webhook format), signed with the secret. */
  webhook: { url: string; secret: string } | undefined;
  /** How long before a request expires its approvers are reminded, once. */
  reminderLeadMs: number;
  /** How often every process asks for the sender's lease, and its holder looks for work. */
  intervalMs: number;
  /** How long the sender's lease lasts unrenewed: another process takes over within it. */
  leaseMs: number;
  /** The wait after a failed attempt, doubling per attempt up to an hour. */
  retryBaseMs: number;
  /** Attempts before a message is a dead letter. */
  maxAttempts: number;
  /** Where links in messages point: `PUBLIC_URL`, else the local address. */
  publicOrigin: string | undefined;
}

/** A sender: `Console <console@example.com>` or a bare address. */
const FROM = /^([^<>\r\n]{1,100}<[^\s<>]+@[^\s<>]+>|[^\s<>@]+@[^\s<>@]+)$/;

const number = (fallback: number, min: number, max: number) =>
  z.coerce.number().min(min).max(max).default(fallback);

const TimingSchema = z.object({
  NOTIFY_REMINDER_MINUTES: number(60, 0.05, 7 * 24 * 60),
  NOTIFY_INTERVAL_SECONDS: number(5, 0.05, 3600),
  NOTIFY_LEASE_SECONDS: number(30, 1, 3600),
  NOTIFY_RETRY_SECONDS: number(30, 0.05, 3600),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
});

/** The value's scheme and host only, or a problem: the rest may be a credential. */
function checkUrl(
  name: string,
  value: string,
  schemes: readonly string[],
  problems: string[],
): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name}: must be a URL (${schemes.join(' or ')}://…)`);
    return false;
  }
  if (!schemes.includes(url.protocol.slice(0, -1)) || !url.hostname) {
    problems.push(`${name}: must be a ${schemes.join(' or ')}:// URL with a host`);
    return false;
  }
  return true;
}

/**
 * Reads the settings from variables (after `_FILE` ones were resolved), adding one line per bad
 * variable to `problems`.
 */
export function notifySettingsFromVariables(
  vars: Record<string, string | undefined>,
  problems: string[],
  publicOrigin: string | undefined,
): NotifySettings {
  const timing = TimingSchema.safeParse(vars);
  if (!timing.success) {
    for (const issue of timing.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
    }
  }
  const t = timing.success ? timing.data : TimingSchema.parse({});

  let smtp: NotifySettings['smtp'];
  const smtpUrl = vars.SMTP_URL;
  const from = vars.SMTP_FROM;
  if (smtpUrl) {
    const urlOk = checkUrl('SMTP_URL', smtpUrl, ['smtp', 'smtps'], problems);
    const fromOk =
      !!from && FROM.test(from) && (from.includes('<') || EmailSchema.safeParse(from).success);
    if (!from) problems.push('SMTP_FROM: required with SMTP_URL (console@example.com)');
    else if (!fromOk) {
      problems.push('SMTP_FROM: an address, or a name and <address> (Console <ops@example.com>)');
    }
    if (urlOk && fromOk) smtp = { url: smtpUrl, from };
  } else if (from) {
    problems.push('SMTP_FROM: set SMTP_URL too, or neither');
  }

  let webhook: NotifySettings['webhook'];
  const hookUrl = vars.NOTIFY_WEBHOOK_URL;
  const secret = vars.NOTIFY_WEBHOOK_SECRET;
  if (hookUrl) {
    const urlOk = checkUrl('NOTIFY_WEBHOOK_URL', hookUrl, ['https', 'http'], problems);
    if (!secret) {
      problems.push(
        'NOTIFY_WEBHOOK_SECRET: required with NOTIFY_WEBHOOK_URL (16+ characters; or NOTIFY_WEBHOOK_SECRET_FILE): receivers verify each message with it',
      );
    } else if (secret.length < 16) {
      problems.push('NOTIFY_WEBHOOK_SECRET: must have at least 16 characters');
    }
    if (urlOk && secret && secret.length >= 16) webhook = { url: hookUrl, secret };
  } else if (secret) {
    problems.push('NOTIFY_WEBHOOK_SECRET: set NOTIFY_WEBHOOK_URL too, or neither');
  }

  return {
    smtp,
    webhook,
    reminderLeadMs: t.NOTIFY_REMINDER_MINUTES * 60_000,
    intervalMs: t.NOTIFY_INTERVAL_SECONDS * 1000,
    leaseMs: t.NOTIFY_LEASE_SECONDS * 1000,
    retryBaseMs: t.NOTIFY_RETRY_SECONDS * 1000,
    maxAttempts: t.NOTIFY_MAX_ATTEMPTS,
    publicOrigin,
  };
}
