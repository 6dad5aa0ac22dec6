import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { POLICY_FILE_PROPOSER, proposePolicyVersion } from '../console-actions/policy-actions';
import { submitAction } from '../console-actions/submit-action';
import type { Db } from '../db/db';
import { startPolicyHolder, type PolicyHolder } from '../policy/policy-holder';
import {
  createPolicyStore,
  documentSha256,
  documentText,
  type PolicyStore,
} from '../policy/policy-store';
import type { Env } from '../env';

/**
 * The policy's versions at start (issue 38, ADR 025): the first version seeded when the database
 * has none, and this process's holder of the one in force.
 */
export async function startPolicy(
  db: Db,
  seed: Env['policySeed'],
  logger: Logger,
): Promise<{ store: PolicyStore; holder: PolicyHolder }> {
  const store = createPolicyStore(db);
  const holder = await startPolicyHolder({ store, seed, logger });
  return { store, holder };
}

/**
 * A `CONSOLE_POLICY_FILE` that says something else than the version in force is proposed as a
 * new version, for an admin to approve: a file changed on the server never bypasses the four
 * eyes. Proposed once per document, however many processes start with it: the process that
 * claims the document's row in `console_settings` proposes it. A deployment with no admin who
 * could approve it logs why, and leaves the claim for the next start.
 */
export async function proposeChangedFile(
  deps: ApprovalDeps,
  store: PolicyStore,
  seed: Env['policySeed'],
  logger: Logger,
): Promise<void> {
  if (seed.source !== 'file') return;
  const sha = documentSha256(documentText(seed.document));
  const current = await store.inForce();
  if (!current || current.document_sha256 === sha) return;
  const claim = `policy-file-proposed:${sha}`;
  const claimed = await deps.approvals.db.query(
    `insert into console_settings (name, value) values ($1, $2)
     on conflict (name) do nothing returning name`,
    [claim, new Date(deps.now()).toISOString()],
  );
  if (claimed.length === 0) return;
  try {
    await submitAction(
      deps,
      proposePolicyVersion,
      {
        id: randomUUID(),
        document: seed.document as Record<string, unknown>,
        based_on: current.version,
        reason: `CONSOLE_POLICY_FILE says something else than version ${current.version}, in force`,
      },
      { operator: { ...POLICY_FILE_PROPOSER, role: 'admin' }, requestId: `start-${randomUUID()}` },
    );
    logger.warn(
      { policy_version: current.version },
      'CONSOLE_POLICY_FILE differs from the policy in force: proposed as a new version, for an admin to approve',
    );
  } catch (error) {
    await deps.approvals.db.query('delete from console_settings where name = $1', [claim]);
    logger.error(
      { err: error },
      'CONSOLE_POLICY_FILE differs from the policy in force, and could not be proposed',
    );
  }
}
