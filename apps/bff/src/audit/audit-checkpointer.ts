/**
 * The periodic checkpoint (ADR 022): every `intervalMs`, the process holding the
 * `audit-checkpoint` job lease signs the chains' heads when they moved since the last
 * checkpoint, and posts it to the chat webhook when one is configured. One process at a time,
 * whatever the number of BFF processes.
 */
import type { Db } from '../db/db';
import { createJobLease } from '../jobs/job-lease';
import type { Logger } from '../logger';
import {
  AUDIT_CHAINS,
  createCheckpoint,
  type Heads,
  parseHeads,
  readHeads,
  storedCheckpoints,
} from './audit-checkpoint';
import type { AuditKey } from './audit-key';
import { sealPending } from './audit-sealer';
import type { PostTreeHead } from './tree-head-post';

export const AUDIT_CHECKPOINT_JOB = 'audit-checkpoint';

export interface CheckpointerOptions {
  db: Db;
  key: AuditKey;
  /** This process (the journal store's owner id). */
  owner: string;
  intervalMs: number;
  copyFile?: string | undefined;
  /** The chat webhook's copy (`tree-head-post.ts`), when a webhook is configured. */
  post?: PostTreeHead | undefined;
  logger: Logger;
}

/** Whether any chain's head moved past what `last` signed. */
const moved = (last: Heads, now: Heads) =>
  AUDIT_CHAINS.some(
    (chain) => last[chain].position !== now[chain].position || last[chain].hash !== now[chain].hash,
  );

/**
 * One look: takes (or renews) the lease and, holding it, signs when the heads moved. Returns
 * whether it signed.
 */
export async function checkpointIfDue(options: CheckpointerOptions): Promise<boolean> {
  const lease = createJobLease(options.db, {
    kind: AUDIT_CHECKPOINT_JOB,
    owner: options.owner,
    // Held across one interval and a half: a holder that stops is replaced within two.
    leaseMs: Math.round(options.intervalMs * 1.5),
  });
  if (!(await lease.acquire()).held) return false;
  // What is pending is sealed first (issue 57): a head moved by a change not sealed yet too.
  await sealPending(options.db);
  const last = (await storedCheckpoints(options.db)).at(-1);
  if (last && !moved(parseHeads(last.heads), await readHeads(options.db))) return false;
  const checkpoint = await createCheckpoint(
    options.db,
    options.key,
    options.copyFile ? { copyFile: options.copyFile } : {},
  );
  await options.post?.(checkpoint);
  return true;
}

/** Starts the periodic look; the function returned stops it. */
export function startCheckpointer(options: CheckpointerOptions): () => void {
  const timer = setInterval(() => {
    checkpointIfDue(options).catch((error: unknown) =>
      options.logger.warn({ err: error }, 'audit checkpoint failed'),
    );
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
