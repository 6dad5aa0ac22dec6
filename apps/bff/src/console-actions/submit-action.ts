import type { ApprovalRequirement, JournalEntry, Operator, Role } from '@console/schemas';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { holdForApproval } from '../approvals/approval-flow';
import { currentOperators, prospectOf } from '../approvals/prospect';
import { ProblemError } from '../errors';
import type { NewJournalEntry } from '../journal/journal-store';
import { ActionRefused, type ConsoleAction } from './action-types';

/** What became of a console action asked for: held for its approvers, or carried out. */
export type Submitted =
  | { kind: 'held'; entry: JournalEntry; approval: ApprovalRequirement }
  | { kind: 'applied'; entry: JournalEntry; data: unknown };

/** An action refused as things stand, as the browser's problem (nothing was journaled). */
export function refusedProblem(error: ActionRefused): ProblemError {
  return new ProblemError({
    status: error.status,
    code: error.status === 404 ? 'not-found' : 'conflict',
    detail: error.reason,
  });
}

/**
 * Why nobody could approve what `operator` would submit under `need`, as things stand (the
 * operators there are, the maker excluded), or null when someone could: said at submission, and
 * on opening a form whose every submission would be refused for it.
 */
export async function whyNobodyCouldApprove(
  deps: ApprovalDeps,
  need: { approvers: number; roles: readonly Role[] },
  operator: Pick<Operator, 'username'>,
): Promise<string | null> {
  const { stalled } = prospectOf(
    { needed: need.approvers, roles: need.roles, maker: operator.username },
    0,
    [],
    await currentOperators(deps),
  );
  return stalled;
}

/**
 * Journals a console action (its body validated by the caller, serialised once here: these
 * bytes are hashed, approved and applied) and, where it needs approval, holds it exactly as a
 * send is held: the same request, approvals and events, nothing applied. One that needs none is
 * applied at once, in the transaction that journals it: a refusal keeps nothing, not even the
 * entry.
 */
export async function submitAction<Body>(
  deps: ApprovalDeps,
  action: ConsoleAction<Body>,
  body: Body,
  context: { operator: Operator; requestId: string },
): Promise<Submitted> {
  const { operator } = context;
  const entry: NewJournalEntry = {
    operation: action.id,
    operator: operator.username,
    operator_name: operator.display_name,
    ref_id: action.refId(body),
    method: 'POST',
    request_path: action.path(body),
    request_body: JSON.stringify(body),
    request_id: context.requestId,
  };
  const need = action.approvalFor?.(body, operator) ?? action.approval;
  if (need) {
    const requirement = {
      approversNeeded: need.approvers,
      roles: [...need.roles],
      maxWaitMs: deps.policy.maxWaitMs,
      passkey: deps.policy.passkeys.consoleActions,
    };
    const stalled = await whyNobodyCouldApprove(deps, need, operator);
    if (stalled) {
      throw new ProblemError({
        status: 422,
        code: 'approval-impossible',
        detail: `Nothing was journaled: it could never be carried out. ${stalled}`,
      });
    }
    const held = await holdForApproval(deps, entry, requirement, operator);
    await action.held?.(deps, body, {
      entry: held.entry,
      at: new Date(deps.now()),
      operator,
      requestId: context.requestId,
    });
    return { kind: 'held', ...held };
  }
  try {
    const applied = await deps.approvals.db.transaction(async (tx) => {
      // Written and settled in one transaction: nobody ever sees it in SENDING.
      const created = await deps.journal.create(entry, 'SENDING', tx);
      const at = new Date(deps.now());
      const data = await action.apply(tx, deps, body, { entry: created, at, operator });
      const settled = await deps.journal.settleLocally(
        created.id,
        ['SENDING'],
        { state: 'SUCCEEDED', response: data },
        tx,
      );
      return { kind: 'applied' as const, entry: settled!, data };
    });
    await action.applied?.(deps);
    return applied;
  } catch (error) {
    if (error instanceof ActionRefused) throw refusedProblem(error);
    throw error;
  }
}
