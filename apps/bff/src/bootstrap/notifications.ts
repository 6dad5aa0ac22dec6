/**
 * The notification sender of this process (issue 36): its stores, the channels the
 * configuration gives, and the loop that works while this process holds the sender's lease.
 */
import type { ApprovalStore } from '../approvals/approval-store';
import type { ApprovalPolicy } from '../approvals/policy';
import { createBatchStore } from '../batches/batch-store';
import type { Db } from '../db/db';
import type { JournalStore } from '../journal/journal-store';
import type { Logger } from '../logger';
import { channelsFrom, notifierOptionsOf } from '../notifications/channels';
import { createNotifier, type Notifier } from '../notifications/notifier';
import type { NotifySettings } from '../notifications/notify-settings';
import { createOutboxStore, NOTIFICATIONS_JOB } from '../notifications/outbox-store';
import { createPreferenceStore } from '../notifications/preference-store';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import { profileNamesFrom } from '../notifications/profile-names';
import type { OperatorDirectory } from '../operators/operator-directory';
import type { UpstreamClient } from '../upstream/client';

export async function startNotifier(options: {
  db: Db;
  journal: JournalStore;
  approvals: ApprovalStore;
  directory: OperatorDirectory;
  ssoOperators: SsoOperatorStore;
  policy: ApprovalPolicy;
  settings: NotifySettings;
  /** Reads the nicknames of the profiles messages name. */
  client: UpstreamClient;
  timeoutMs: number;
  /** Where the console is opened: links in messages point there. */
  origin: () => string;
  logger: Logger;
  now?: () => number;
}): Promise<Notifier> {
  const { settings } = options;
  const notifier = createNotifier(
    {
      db: options.db,
      journal: options.journal,
      approvals: options.approvals,
      batches: createBatchStore(options.db),
      directory: options.directory,
      ssoOperators: options.ssoOperators,
      policy: options.policy,
      preferences: createPreferenceStore(options.db),
      outbox: createOutboxStore(options.db, {
        kind: NOTIFICATIONS_JOB,
        owner: options.journal.owner,
      }),
      channels: channelsFrom(settings),
      origin: options.origin,
      profileNames: profileNamesFrom(options.client, options.timeoutMs),
      now: options.now ?? Date.now,
      owner: options.journal.owner,
      logger: options.logger,
    },
    notifierOptionsOf(settings),
  );
  await notifier.start();
  return notifier;
}
