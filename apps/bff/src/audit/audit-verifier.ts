/**
 * The scheduled verification (issue 57): every `intervalMs`, the process holding the
 * `audit-verify` job lease verifies the trail and its binding to the rows as `audit:verify` and
 * the audit page do (one function, `verifyAuditTrail`), with the checkpoint file outside the
 * database. A failure reaches the admins by email and chat through the notification sender (an
 * `audit-broken` event, migration 028), once per failure: the same failures found again tell
 * nobody twice, other ones tell again, and a trail that verifies after failing says so once. A
 * verification that passes signs a tree head, as every verification does with the key at hand.
 */
import type { Db, Queryable } from '../db/db';
import { createJobLease, HOLDS_LEASE } from '../jobs/job-lease';
import type { Logger } from '../logger';
import { createCheckpoint, readCheckpointCopy } from './audit-checkpoint';
import type { AuditKey } from './audit-key';
import { failureLines } from './audit-report-text';
import { verifyAuditTrail } from './audit-verify';

export const AUDIT_VERIFY_JOB = 'audit-verify';

export interface VerifierOptions {
  db: Db;
  /** The audit key: checkpoints' signatures are checked, and a passing look signs a tree head. */
  key?: AuditKey | undefined;
  /** This process (the journal store's owner id). */
  owner: string;
  intervalMs: number;
  /** The checkpoints' copy outside the database (`AUDIT_CHECKPOINT_FILE`). */
  copyFile?: string | undefined;
  logger: Logger;
}

/** What one look did: whether it verified (holding the lease), and what it told the admins. */
export type VerifierLook =
  { held: false } | { held: true; ok: boolean; told: 'broken' | 'verified' | null };

/**
 * Writes the admins' event when the verdict is news, guarded by the lease: a process whose lease
 * ran out mid-verification tells nobody (the holder's own look will).
 */
async function tell(
  db: Queryable,
  lease: { kind: string; owner: string },
  state: 'broken' | 'verified',
  detail: string | null,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `with told as (
       insert into notification_events (kind, state, detail)
       select 'audit-broken', $1, $2 where ${HOLDS_LEASE('$3', '$4')}
       returning id)
     select id::text as id, pg_notify('console_notification_event', '') from told`,
    [state, detail, lease.kind, lease.owner],
  );
  return rows.length > 0;
}

/** One look: takes (or renews) the lease and, holding it, verifies and tells what is news. */
export async function verifyIfDue(options: VerifierOptions): Promise<VerifierLook> {
  const { db, key, copyFile } = options;
  const lease = { kind: AUDIT_VERIFY_JOB, owner: options.owner };
  // Held across one interval and a half: a holder that stops is replaced within two.
  const taken = await createJobLease(db, {
    ...lease,
    leaseMs: Math.round(options.intervalMs * 1.5),
  }).acquire();
  if (!taken.held) return { held: false };
  const report = await verifyAuditTrail(db, {
    ...(key ? { publicKey: key.publicKey } : {}),
    extraCheckpoints: await readCheckpointCopy(copyFile),
    sealFirst: true,
  });
  const [last] = await db.query<{ state: string | null; detail: string | null }>(
    `select state, detail from notification_events where kind = 'audit-broken'
     order by id desc limit 1`,
  );
  if (report.ok) {
    if (key) await createCheckpoint(db, key, copyFile ? { copyFile } : {});
    const news = last?.state === 'broken';
    return {
      held: true,
      ok: true,
      told: news && (await tell(db, lease, 'verified', null)) ? 'verified' : null,
    };
  }
  const detail = failureLines(report).join('\n');
  options.logger.error({ failures: detail.split('\n') }, 'the audit trail does not verify');
  const news = last?.state !== 'broken' || last.detail !== detail;
  return {
    held: true,
    ok: false,
    told: news && (await tell(db, lease, 'broken', detail)) ? 'broken' : null,
  };
}

/** Starts the periodic look; the function returned stops it. */
export function startVerifier(options: VerifierOptions): () => void {
  // A verification of a large trail may outlast a short interval: never two at once.
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    verifyIfDue(options)
      .catch((error: unknown) =>
        options.logger.warn({ err: error }, 'scheduled audit verification failed to run'),
      )
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
