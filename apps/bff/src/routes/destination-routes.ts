import { randomUUID } from 'node:crypto';
import {
  destinationKey,
  DestinationBookQuerySchema,
  DestinationRuleQuerySchema,
  isWriteOperationId,
  operations,
  parseWith,
  ProposeDestinationSchema,
  refusesOutsideBook,
  RevokeDestinationSchema,
  type AllowedDestination,
  type AwaitingApprovalResult,
  type DestinationBook,
  type DestinationRevoked,
  type DestinationRule,
  type Role,
} from '@console/schemas';
import type { Context } from 'hono';
import type { z } from 'zod';
import { entryForRole, recordForRole } from '../access/personal-data';
import type { ApprovalDeps } from '../approvals/approval-deps';
import {
  addAllowedDestination,
  revokeAllowedDestination,
} from '../console-actions/destination-actions';
import { submitAction } from '../console-actions/submit-action';
import type { AppEnv } from '../context';
import { bookEntry, inPickerOrder, pendingEntry } from '../destinations/destination-view';
import { sentBefore } from '../destinations/first-send';
import { problems } from '../errors';
import { testAmountFor } from '../rules/destination-rules';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

/**
 * The whole book at this moment: its rows and the proposals awaiting approval, each with who
 * approved it so far, in the order pickers offer them.
 */
async function wholeBook(deps: ApprovalDeps): Promise<AllowedDestination[]> {
  const [rows, pending] = await Promise.all([
    deps.destinations.list(),
    deps.destinations.pending(),
  ]);
  const approvals = await deps.approvals.approvalsOf([
    ...rows.map((row) => row.proposal_id),
    ...pending.map((p) => p.entry.id),
  ]);
  const approvedBy = (proposal: string) => (approvals.get(proposal) ?? []).map((a) => a.approver);
  const now = deps.now();
  return inPickerOrder([
    ...rows.map((row) => bookEntry(row, approvedBy(row.proposal_id), now)),
    ...pending.map((p) => pendingEntry(p, approvedBy(p.entry.id))),
  ]);
}

/** The book with each live entry's `sent_before`, for the pickers' first-send suggestion. */
async function bookWithSends(deps: ApprovalDeps): Promise<AllowedDestination[]> {
  const book = await wholeBook(deps);
  const live = book.filter((e) => e.state !== 'REVOKED');
  const sent = await sentBefore(
    deps.destinations.db,
    live.map((e) => e.target),
  );
  return book.map((e) =>
    e.state === 'REVOKED' ? e : { ...e, sent_before: sent.has(destinationKey(e.target)) },
  );
}

/**
 * What the policy says of `operation`'s destination for `asset` (without one: whether it asks for
 * the book for any asset), and the test amount of a first send of that asset.
 */
export function destinationRule(
  deps: Pick<ApprovalDeps, 'policy'>,
  operation: string,
  asset: string | undefined,
): DestinationRule {
  if (!isWriteOperationId(operation) || !operations[operation].approval.destination) {
    throw problems.validation([
      { path: 'operation', message: 'must be a write that sends money to a destination' },
    ]);
  }
  const required = refusesOutsideBook(deps.policy.document, operation, asset);
  return {
    required,
    test_amount: asset === undefined ? null : testAmountFor(deps.policy.testAmounts, asset),
  };
}

/** An entry as `role` may see it: a crypto address is personal data, masked for a viewer. */
const forRole = (role: Role, entry: AllowedDestination) => recordForRole(role, null, entry);

/** Parses a body with a schema of the contract; 400 naming the fields otherwise. */
async function bodyOf<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const parsed = parseWith(schema, await jsonBody(c));
  if (!parsed.ok) throw problems.validation(parsed.errors);
  return parsed.value;
}

/**
 * The book of allowed destinations (issue 37). Everyone reads it; those who send money propose
 * an entry, which another of them approves through the approvals (a console action); an admin
 * revokes one at once.
 */
export function destinationRoutes(deps: ApprovalDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/destinations',
      permission: { kind: 'read' },
      handler: async (c) => {
        const parsed = parseWith(DestinationBookQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { kind, state } = parsed.value;
        const role = c.get('operator')!.role;
        const items = (await bookWithSends(deps)).filter(
          (e) => (!kind || e.target.kind === kind) && (!state || e.state === state),
        );
        const body: DestinationBook = { items: items.map((e) => forRole(role, e)) };
        return c.json(body);
      },
    },
    {
      // Before `/api/destinations/:id`, which would take `rule` for an id.
      method: 'GET',
      path: '/api/destinations/rule',
      permission: { kind: 'read' },
      handler: (c) => {
        const parsed = parseWith(DestinationRuleQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        return c.json(destinationRule(deps, parsed.value.operation, parsed.value.asset));
      },
    },
    {
      method: 'GET',
      path: '/api/destinations/:id',
      permission: { kind: 'read' },
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        const found = (await wholeBook(deps)).find((e) => e.id === id);
        if (!found) throw problems.notFound('There is no entry of the book with this id.');
        return c.json(forRole(c.get('operator')!.role, found));
      },
    },
    {
      method: 'POST',
      path: '/api/destinations',
      permission: { kind: 'console-action', roles: addAllowedDestination.roles },
      sends: false,
      handler: async (c) => {
        const proposal = await bodyOf(c, ProposeDestinationSchema);
        // One live entry or proposal per destination: a second (a retried form) is refused.
        const key = destinationKey(proposal.target);
        const there = (await wholeBook(deps)).find(
          (e) => e.state !== 'REVOKED' && destinationKey(e.target) === key,
        );
        if (there) {
          throw problems.conflict(
            `It is in the book already: "${there.name}", ${there.state} (entry ${there.id}).`,
          );
        }
        const operator = c.get('operator')!;
        const submitted = await submitAction(
          deps,
          addAllowedDestination,
          { ...proposal, id: randomUUID() },
          { operator, requestId: c.get('requestId') },
        );
        if (submitted.kind !== 'held') throw new Error('adding a destination is always held');
        const body: AwaitingApprovalResult = {
          journal: entryForRole(operator.role, submitted.entry),
          approval: submitted.approval,
        };
        return c.json(body, 202);
      },
    },
    {
      method: 'POST',
      path: '/api/destinations/:id/revoke',
      permission: { kind: 'admin' },
      sends: false,
      handler: async (c) => {
        const { reason } = await bodyOf(c, RevokeDestinationSchema);
        const operator = c.get('operator')!;
        const submitted = await submitAction(
          deps,
          revokeAllowedDestination,
          { id: c.req.param('id') ?? '', reason },
          { operator, requestId: c.get('requestId') },
        );
        if (submitted.kind !== 'applied') throw new Error('a revocation is never held');
        const body: DestinationRevoked = {
          destination: forRole(operator.role, submitted.data as AllowedDestination),
          journal: entryForRole(operator.role, submitted.entry),
        };
        return c.json(body);
      },
    },
  ];
}
