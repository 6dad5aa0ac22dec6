/**
 * Test support for notifications: the approvals app (every operator with an address), a real
 * SMTP server and a real webhook receiver, and this process's notification sender pointed at
 * them, on the shared PGlite or the database given. Used by tests only.
 */
import type { UserRecord } from '../src/operators/users-file';
import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import { type ApprovalPolicy } from '../src/approvals/policy';
import { unsignedDefaultPolicy } from './unsigned-policy';
import { createBatchStore } from '../src/batches/batch-store';
import type { Db } from '../src/db/db';
import { channelsFrom, notifierOptionsOf, secretsOf } from '../src/notifications/channels';
import { createNotifier, type LookReport } from '../src/notifications/notifier';
import type { NotifySettings } from '../src/notifications/notify-settings';
import { createOutboxStore, NOTIFICATIONS_JOB } from '../src/notifications/outbox-store';
import { createPreferenceStore } from '../src/notifications/preference-store';
import { profileNamesFrom } from '../src/notifications/profile-names';
import { createSsoOperatorStore } from '../src/oidc/sso-operators';
import type { UpstreamClient } from '../src/upstream/client';
import { approvalApp } from './approvals-test-kit';
import { echoSuccess, scriptedClient } from './harness';
import type { TestDatabase } from './databases';
import { startSmtpReceiver, startWebhookReceiver } from './notify-receivers';

export const ORIGIN = 'https://console.example';

/** Every operator's address in the tests: `<username>@example.test`. */
export const addressOf = (username: string) => `${username}@example.test`;

export async function notifyApp(
  options: {
    db?: Db;
    policy?: ApprovalPolicy;
    client?: UpstreamClient;
    settings?: Partial<NotifySettings>;
    /** Operators without an address (chat only). */
    withoutEmail?: string[];
    /** More operators than the test users (a second admin), each given an address too. */
    more?: UserRecord[];
  } = {},
) {
  const smtpPass = randomBytes(12).toString('base64url');
  const smtp = await startSmtpReceiver({ user: 'console-mailer', pass: smtpPass });
  const hook = await startWebhookReceiver();
  const settings: NotifySettings = {
    smtp: { url: smtp.url, from: 'Console <console@example.test>' },
    webhook: { url: hook.url, secret: randomBytes(24).toString('base64url') },
    reminderLeadMs: 60 * 60_000,
    intervalMs: 60_000,
    leaseMs: 30_000,
    retryBaseMs: 50,
    maxAttempts: 3,
    publicOrigin: ORIGIN,
    ...options.settings,
  };
  const scripted = scriptedClient(echoSuccess);
  const h = await approvalApp({
    client: options.client ?? scripted.client,
    policy: options.policy ?? unsignedDefaultPolicy(),
    ...(options.db ? { db: options.db } : {}),
    users: (users) =>
      [...users, ...(options.more ?? [])].map((u) =>
        options.withoutEmail?.includes(u.username) ? u : { ...u, email: addressOf(u.username) },
      ),
    extra: {
      notificationChannels: { email: Boolean(settings.smtp), chat: Boolean(settings.webhook) },
    },
  });
  const db = h.deps.db as Db;
  await db.exec(
    'delete from notification_events; delete from notification_outbox; delete from notification_preferences; delete from job_leases; delete from sso_operators;',
  );
  /** A notification sender of a process with the id `owner` (a second one plays another replica). */
  const senderOf = (owner: string, on: Db = db) =>
    createNotifier(
      {
        db: on,
        journal: h.deps.journal,
        approvals: h.deps.approvals,
        batches: createBatchStore(on),
        directory: h.deps.directory,
        ssoOperators: createSsoOperatorStore(on),
        policy: h.deps.policy!,
        preferences: createPreferenceStore(on),
        outbox: createOutboxStore(on, { kind: NOTIFICATIONS_JOB, owner }),
        channels: channelsFrom(settings),
        origin: () => ORIGIN,
        profileNames: profileNamesFrom(options.client ?? scripted.client, 1_000),
        now: h.now,
        owner,
        logger: h.deps.logger,
      },
      notifierOptionsOf(settings),
    );
  const outbox = createOutboxStore(db, { kind: NOTIFICATIONS_JOB, owner: h.deps.journal.owner });
  const notifier = senderOf(h.deps.journal.owner);

  /**
   * Looks until nothing is left to expand and no message is pending within two seconds (a retry
   * waits out its backoff here); the looks' reports.
   */
  const settle = async (): Promise<LookReport[]> => {
    const reports: LookReport[] = [];
    for (let i = 0; i < 50; i += 1) {
      const report = await notifier.lookNow();
      reports.push(report);
      const [row] = await db.query<{ pending: number | string; wait_ms: number | string | null }>(
        `select count(*) as pending,
           extract(epoch from min(next_attempt_at) - now()) * 1000 as wait_ms
         from notification_outbox where state = 'pending'`,
      );
      const waitMs = row?.wait_ms === null || row?.wait_ms === undefined ? 0 : Number(row.wait_ms);
      if (report.expanded === 0 && report.deliveries.length === 0) {
        if (Number(row?.pending ?? 0) === 0 || waitMs > 2_000) break;
      }
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, 2_000)));
    }
    return reports;
  };

  return {
    ...h,
    db,
    scripted,
    smtp,
    hook,
    smtpPass,
    settings,
    outbox,
    notifier,
    senderOf,
    settle,
    /** The emails that reached `username`. */
    mailTo: (username: string) => smtp.received.filter((m) => m.to.includes(addressOf(username))),
    /** Every secret of the notification channels. */
    secrets: () => [smtpPass, ...secretsOf(settings)],
    async close() {
      await notifier.stop();
      await smtp.close();
      await hook.close();
    },
  };
}

/**
 * Inside a `describe` over the test databases: opens a notifying app on `database` for a test,
 * on its own database, and closes both after the test. `second` is another connection to that
 * database, as a second process would have.
 */
export function notifyAppsOn(database: TestDatabase) {
  let close: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of close.reverse()) await step();
    close = [];
  });
  return async (options: Parameters<typeof notifyApp>[0] = {}) => {
    const { db, second, close: drop } = await database.open();
    const n = await notifyApp({ db, ...options });
    close.push(drop, n.close);
    return { ...n, second };
  };
}
