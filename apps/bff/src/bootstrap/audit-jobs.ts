/**
 * The audit trail's background jobs (issue 57, ADR 022), each under its job lease so that one
 * process of the deployment does it: the sealer that puts the records changes wrote pending onto
 * their chains, the signed checkpoints (with a copy outside the database), and the scheduled
 * verification whose failure is told to the admins.
 */
import { startCheckpointer } from '../audit/audit-checkpointer';
import type { AuditKey } from '../audit/audit-key';
import { startSealer } from '../audit/audit-sealer';
import { startVerifier } from '../audit/audit-verifier';
import { treeHeadPoster } from '../audit/tree-head-post';
import type { Db } from '../db/db';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { secretsOf } from '../notifications/channels';

export interface AuditJobs {
  /** Stops the checkpoints and the verification (at once: neither is on a send's path). */
  stopLooking(): void;
  /** Stops the sealer after one last look: last at a stop, after the requests in flight. */
  stopSealing(): Promise<void>;
}

export async function startAuditJobs({
  db,
  owner,
  env,
  key: auditKey,
  logger,
}: {
  db: Db;
  /** This process (the journal store's owner id). */
  owner: string;
  env: Pick<Env, 'audit' | 'notify'>;
  /** The audit key; without it nothing is signed, and verification checks no signature. */
  key: AuditKey | undefined;
  logger: Logger;
}): Promise<AuditJobs> {
  // The audit records changes wrote pending, sealed onto their chains by the holder of the
  // job lease (issue 57).
  const stopSealer = await startSealer({
    db,
    owner,
    intervalMs: env.audit.sealMs,
    logger,
  });
  // Checkpoints of the audit trail (ADR 022), signed by the holder of their job lease.
  const stopCheckpointer = auditKey
    ? startCheckpointer({
        db,
        key: auditKey,
        owner,
        intervalMs: env.audit.checkpointMs,
        copyFile: env.audit.checkpointFile,
        post: env.notify.webhook
          ? treeHeadPoster(env.notify.webhook, secretsOf(env.notify), logger)
          : undefined,
        logger,
      })
    : () => {};
  // The scheduled verification, its failure told to the admins (issue 57); without the key it
  // still checks the chains and the rows, not the checkpoints' signatures.
  const stopVerifier = startVerifier({
    db,
    key: auditKey,
    owner,
    intervalMs: env.audit.verifyMs,
    copyFile: env.audit.checkpointFile,
    logger,
  });

  return {
    stopLooking() {
      stopCheckpointer();
      stopVerifier();
    },
    stopSealing: stopSealer,
  };
}
