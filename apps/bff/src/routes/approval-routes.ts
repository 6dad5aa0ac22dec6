import {
  DecisionChallengeRequestSchema,
  parseWith,
  type ApprovalQueue,
  type AwaitingApprovalResult,
  type DecisionChallenge,
} from '@console/schemas';
import type { Context } from 'hono';
import { entryForRole } from '../access/personal-data';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { approve, cancel, loadRequest, reject, sweepExpired } from '../approvals/approval-flow';
import {
  approvalDetail,
  approvalPage,
  approvalQueue,
  cannotDecide,
  mayDecideAny,
} from '../approvals/approval-view';
import { issueDecisionChallenge } from '../passkeys/decision-signature';
import type { AppEnv } from '../context';
import { problemResponse, problems } from '../errors';
import { sendResponse } from '../send/send-response';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

const MAX_TEXT = 500;

/** A text of the decision's body (a reason, a comment), trimmed: 1 to 500 characters. */
function decisionText(body: unknown, member: 'reason' | 'comment', message: string): string {
  const raw = (body as Record<string, unknown> | null)?.[member];
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text || text.length > MAX_TEXT) {
    throw problems.validation([
      { path: member, message: `${message} of 1 to ${MAX_TEXT} characters` },
    ]);
  }
  return text;
}

/** The reason of a rejection: required, because the maker must learn why. */
async function reasonOf(c: Context<AppEnv>): Promise<string> {
  return decisionText(await jsonBody(c), 'reason', 'Give a reason');
}

/** The passkey's assertion a decision carries (issue 61), checked by the flow; absent: none. */
async function passkeyOf(c: Context<AppEnv>): Promise<unknown> {
  if ((await c.req.arrayBuffer()).byteLength === 0) return undefined;
  return ((await jsonBody(c)) as { passkey?: unknown } | null)?.passkey ?? undefined;
}

/**
 * The comment of an approval: optional, so the body may be empty or `{}`; one given is kept in
 * the trail and holds to a reason's bounds.
 */
async function commentOf(c: Context<AppEnv>): Promise<string | null> {
  // Hono keeps the bytes read here for jsonBody to read again.
  if ((await c.req.arrayBuffer()).byteLength === 0) return null;
  const body = await jsonBody(c);
  const raw = (body as { comment?: unknown } | null)?.comment;
  if (raw === undefined || raw === null) return null;
  return decisionText(body, 'comment', 'Write a comment');
}

/**
 * The approvals queue and the decisions on a request (issue 7). Reading is open to every role;
 * deciding needs a role the request names (checked against the request, after the guard); only
 * the maker cancels.
 */
export function approvalRoutes(deps: ApprovalDeps): RouteDef[] {
  const detail = async (c: Context<AppEnv>, id: string) => {
    const { entry, request } = await loadRequest(deps, id);
    return approvalDetail(deps, entry, request, c.get('operator')!);
  };
  return [
    {
      method: 'GET',
      path: '/api/approvals',
      permission: { kind: 'read' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        // A maker polling any queue learns of an expiry as soon as it is due; a viewer's is empty.
        if (mayDecideAny(operator.role)) await sweepExpired(deps);
        const queue: ApprovalQueue = await approvalQueue(deps, operator);
        return c.json(queue);
      },
    },
    {
      method: 'GET',
      path: '/api/approvals/:id',
      permission: { kind: 'read' },
      // A request that waits has its record read again from the service as it is looked at.
      reads: true,
      handler: async (c) => {
        const { entry, request } = await loadRequest(deps, c.req.param('id') ?? '');
        return c.json(
          await approvalPage(deps, entry, request, c.get('operator')!, c.get('requestId')),
        );
      },
    },
    {
      method: 'POST',
      path: '/api/approvals/:id/approve',
      permission: { kind: 'approve' },
      // The last approval sends: it counts against the send rate limit like a send.
      sends: true,
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        const fields = c.get('logFields');
        fields.journal_id = id;
        const comment = await commentOf(c);
        const outcome = await approve(deps, id, {
          operator: c.get('operator')!,
          requestId: c.get('requestId'),
          comment,
          passkey: await passkeyOf(c),
        });
        if (outcome.kind === 'sent') {
          fields.state = outcome.result.entry.state;
          return sendResponse(c, outcome.result);
        }
        if (outcome.kind === 'reopened') {
          fields.state = outcome.entry.state;
          throw problems.conflict(outcome.reason, outcome.entry);
        }
        if (outcome.kind === 'refused') {
          fields.state = outcome.entry.state;
          return problemResponse(c, {
            status: 422,
            code: 'rejected',
            detail: outcome.reason,
            journal: outcome.entry,
          });
        }
        // More approvals are needed: still accepted, still not sent.
        const { approval } = await detail(c, id);
        const body: AwaitingApprovalResult = {
          journal: entryForRole(c.get('operator')!.role, outcome.entry),
          approval,
        };
        return c.json(body, 202);
      },
    },
    {
      method: 'POST',
      path: '/api/approvals/:id/challenge',
      permission: { kind: 'approve' },
      // What the passkey signs (issue 61): only for one who may decide it now.
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        const parsed = parseWith(DecisionChallengeRequestSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        if (!deps.passkeys) throw problems.conflict('This console checks no passkeys.');
        const operator = c.get('operator')!;
        const { entry, request } = await loadRequest(deps, id);
        const given = await deps.approvals.approvals(id);
        const refused = cannotDecide(entry, request, given, operator);
        if (refused) throw problems.conflict(refused.reason, entry);
        const challenge: DecisionChallenge = await issueDecisionChallenge(
          deps.passkeys,
          entry,
          request,
          operator,
          parsed.value.decision,
          deps.policy.version,
        );
        return c.json(challenge);
      },
    },
    {
      method: 'POST',
      path: '/api/approvals/:id/reject',
      permission: { kind: 'approve' },
      handler: async (c) => {
        const reason = await reasonOf(c);
        const id = c.req.param('id') ?? '';
        await reject(deps, id, c.get('operator')!, reason, {
          requestId: c.get('requestId'),
          passkey: await passkeyOf(c),
        });
        return c.json(await detail(c, id));
      },
    },
    {
      method: 'POST',
      path: '/api/approvals/:id/cancel',
      permission: { kind: 'any-operation' },
      sends: false,
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        await cancel(deps, id, c.get('operator')!);
        return c.json(await detail(c, id));
      },
    },
  ];
}
