import { randomUUID } from 'node:crypto';
import {
  parseWith,
  PolicyDryRunRequestSchema,
  ProposePolicySchema,
  type AwaitingApprovalResult,
  type JournalEntry,
  type PolicyDocumentV2,
  type PolicyDryRun,
  type PolicyOverview,
} from '@console/schemas';
import { entryForRole } from '../access/personal-data';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import { proposePolicyVersion } from '../console-actions/policy-actions';
import { submitAction, whyNobodyCouldApprove } from '../console-actions/submit-action';
import type { Db } from '../db/db';
import { problems } from '../errors';
import { DraftError, dryRun, NoVersion, VersionUnreadable } from '../policy/dry-run';
import { loosenings } from '../policy/policy-loosening';
import type { PolicyStore, StoredVersion } from '../policy/policy-store';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

/**
 * A version's document as rules: read once per version (a version never changes), and the last
 * few kept, since the page shows every version and each proposal.
 */
const RULES = new Map<string, PolicyDocumentV2>();
const RULES_KEPT = 64;
function rulesOf(document: unknown): PolicyDocumentV2 {
  const key = JSON.stringify(document);
  let rules = RULES.get(key);
  if (!rules) {
    rules = buildPolicy(document).document;
    if (RULES.size >= RULES_KEPT) RULES.delete(RULES.keys().next().value!);
    RULES.set(key, rules);
  }
  return rules;
}

const shown = ({ document_text: _text, ...version }: StoredVersion) => ({
  ...version,
  rules: rulesOf(version.document),
});

/** A proposal's document as rules; null when the policy cannot take it (the approval says why). */
function proposalRules(entry: JournalEntry): PolicyDocumentV2 | null {
  try {
    return rulesOf((JSON.parse(entry.request_body) as { document: unknown }).document);
  } catch {
    return null;
  }
}

/** What a proposal lets through with fewer approvals than the version in force, in words. */
function proposalLoosens(inForce: StoredVersion, entry: JournalEntry): string[] {
  let document: unknown;
  try {
    document = (JSON.parse(entry.request_body) as { document: unknown }).document;
  } catch {
    return [];
  }
  return loosenings(inForce.document, document);
}

/**
 * The approval policy's versions (issue 38, ADR 025). Every operator reads the version in force
 * (what their sends will need) and the ones before; an admin proposes a new one, which another
 * admin approves through the approvals (a console action), and which then decides every send.
 */
export function policyRoutes(deps: ApprovalDeps & { policies: PolicyStore; db: Db }): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/policy',
      permission: { kind: 'read' },
      handler: async (c) => {
        const [versions, proposals] = await Promise.all([
          deps.policies.list(),
          deps.policies.proposals(),
        ]);
        const operator = c.get('operator')!;
        const role = operator.role;
        const inForce = versions.find((v) => v.superseded_at === null);
        // Seeded at start: only an app built without its start (a test) has none.
        if (!inForce) throw problems.notFound('No version of the policy is in force yet.');
        const body: PolicyOverview = {
          // Said on opening the editor, not after a whole draft is written and refused.
          proposal_stalled: proposePolicyVersion.roles.includes(role)
            ? await whyNobodyCouldApprove(deps, proposePolicyVersion.approval!, operator)
            : null,
          in_force: shown(inForce),
          versions: versions.map(shown),
          proposals: proposals.map((entry) => ({
            entry: entryForRole(role, entry),
            rules: proposalRules(entry),
            loosens: proposalLoosens(inForce, entry),
          })),
        };
        return c.json(body);
      },
    },
    {
      method: 'POST',
      path: '/api/policy/versions',
      permission: { kind: 'console-action', roles: proposePolicyVersion.roles },
      sends: false,
      handler: async (c) => {
        const parsed = parseWith(ProposePolicySchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const proposal = parsed.value;
        try {
          buildPolicy(proposal.document);
        } catch (error) {
          if (!(error instanceof PolicyError)) throw error;
          throw problems.validation(error.fieldErrors('document'));
        }
        const current = await deps.policies.inForceNumber();
        if (proposal.based_on !== current) {
          throw problems.conflict(
            `Version ${current} is in force now, not version ${proposal.based_on}: write the proposal against it.`,
          );
        }
        const operator = c.get('operator')!;
        const submitted = await submitAction(
          deps,
          proposePolicyVersion,
          { ...proposal, id: randomUUID() },
          { operator, requestId: c.get('requestId') },
        );
        if (submitted.kind !== 'held') throw new Error('a policy version is always held');
        const body: AwaitingApprovalResult = {
          journal: entryForRole(operator.role, submitted.entry),
          approval: submitted.approval,
        };
        return c.json(body, 202);
      },
    },
    {
      // A draft replayed over the journal beside the versions then in force: a POST for its body
      // (a whole document), which reads only and sends nothing (a market order of unknown size
      // may read its market's ticker, as the send path does).
      method: 'POST',
      path: '/api/policy/dry-run',
      permission: { kind: 'policy-dry-run' },
      sends: false,
      handler: async (c) => {
        const parsed = parseWith(PolicyDryRunRequestSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { draft, from, to } = parsed.value;
        try {
          const body: PolicyDryRun = await dryRun(
            {
              db: deps.db,
              store: deps.policies,
              directory: deps.directory,
              ...(deps.ssoOperators && { ssoOperators: deps.ssoOperators }),
              ...(deps.marketPrice && { marketPrice: deps.marketPrice }),
              now: deps.now,
            },
            {
              draft,
              ...(from !== undefined && { from: new Date(from) }),
              ...(to !== undefined && { to: new Date(to) }),
            },
          );
          return c.json(body);
        } catch (error) {
          if (error instanceof DraftError) throw problems.validation(error.problems);
          if (error instanceof NoVersion) throw problems.notFound(error.message);
          if (error instanceof VersionUnreadable) throw problems.conflict(error.message);
          throw error;
        }
      },
    },
  ];
}
