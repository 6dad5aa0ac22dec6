/**
 * The console action of the policy's versions (issue 38, ADR 025): an admin proposes a whole
 * policy document, another admin approves the exact proposal through the approvals (never its
 * maker), and it comes into force, superseding the version it was written against. A proposal of
 * the policy file needs two admins (issue 55): its maker is the console, so "never its maker"
 * excludes nobody, and whoever wrote the file may be an admin. A version that lets sends through
 * with fewer approvals than the one in force is a security event when proposed and in force.
 */
import { CONSOLE_ACTIONS, type PolicyVersion, type ProposePolicyVersion } from '@console/schemas';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import { recordLoosening } from '../policy/policy-loosening';
import { createPolicyStore, StaleBase } from '../policy/policy-store';
import { ActionRefused, type ConsoleAction } from './action-types';

/** The maker of a proposal the console made itself: a policy file changed at start. */
export const POLICY_FILE_PROPOSER = { username: 'console', display_name: 'The policy file' };

export const proposePolicyVersion: ConsoleAction<ProposePolicyVersion> = {
  id: 'proposePolicyVersion',
  request: CONSOLE_ACTIONS.proposePolicyVersion.request,
  path: () => '/api/policy/versions',
  refId: (body) => body.id,
  roles: ['admin'],
  approval: { approvers: 1, roles: ['admin'] },
  approvalFor: (_body, operator) =>
    operator.username === POLICY_FILE_PROPOSER.username
      ? { approvers: 2, roles: ['admin'] }
      : { approvers: 1, roles: ['admin'] },
  async held(deps, body, { entry, operator, requestId }) {
    const inForce = await createPolicyStore(deps.approvals.db).inForce();
    if (!inForce) return;
    await recordLoosening(deps.securityEvents, {
      stage: 'proposed',
      inForce,
      proposal: body,
      journalId: entry.id,
      proposer: entry.operator,
      actor: operator.username,
      requestId,
    });
  },
  /** Puts the approved document in force, if the version it was written against still is. */
  async apply(tx, deps, body, { entry, at, operator }): Promise<Omit<PolicyVersion, 'rules'>> {
    try {
      buildPolicy(body.document);
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      throw new ActionRefused(409, `Not in force: ${error.problems.join('; ')}`);
    }
    const store = createPolicyStore(deps.approvals.db);
    const before = await store.inForce(tx);
    try {
      const { document_text: _text, ...version } = await store.adopt(
        tx,
        {
          document: body.document,
          based_on: body.based_on,
          source: entry.operator === POLICY_FILE_PROPOSER.username ? 'file' : 'console',
          reason: body.reason,
          proposed_by: entry.operator,
          proposed_by_name: entry.operator_name,
          proposed_at: entry.created_at,
          proposal_id: entry.id,
        },
        at,
      );
      if (before) {
        await recordLoosening(
          deps.securityEvents,
          {
            stage: 'in-force',
            inForce: before,
            proposal: body,
            journalId: entry.id,
            proposer: entry.operator,
            actor: operator.username,
            requestId: entry.request_id,
          },
          tx,
        );
      }
      return version;
    } catch (error) {
      if (!(error instanceof StaleBase)) throw error;
      throw new ActionRefused(
        409,
        `Not in force: it was written against version ${error.basedOn}, and version ${error.current} came into force since. Propose it again against version ${error.current}.`,
      );
    }
  },
  applied: (deps) => deps.policyHolder?.refresh() ?? Promise.resolve(),
};
