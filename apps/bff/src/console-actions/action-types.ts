import type { ApproverRole, ConsoleActionId, JournalEntry, Operator, Role } from '@console/schemas';
import type { z } from 'zod';
import type { ApprovalDeps } from '../approvals/approval-deps';
import type { Queryable } from '../db/db';

/** Who carries an action out, and when: the last approver, the maker, or the console. */
export interface ActionContext {
  /** The action's journal entry. */
  entry: JournalEntry;
  at: Date;
  operator: Operator;
}

/** How many approvals an action needs, from which roles. */
export interface ApprovalNeed {
  approvers: 1 | 2;
  roles: readonly ApproverRole[];
}

/**
 * A console action (issue 37): an operation the console carries out itself, in its database,
 * instead of sending it to the service. It is journaled like a send (exact bytes, their hash, a
 * ref_id where it makes a record), held for approval like a send where it needs one (the same
 * requests, approvals and events), and applied in one transaction with its entry's outcome.
 */
export interface ConsoleAction<Body = unknown> {
  id: ConsoleActionId;
  /** The journaled body: its schema in packages/schemas (`CONSOLE_ACTIONS`). */
  request: z.ZodType<Body>;
  /** The console's own path, journaled and bound by the approval; never a path of the service. */
  path(body: Body): string;
  /** The journal's ref_id: the id of the record it makes, so that one intent makes it once. */
  refId(body: Body): string | null;
  /** Who may ask for it. */
  roles: readonly Role[];
  /** The approvals it needs (never the maker's), or null when it is carried out at once. */
  approval: ApprovalNeed | null;
  /** The approvals of one asked by `operator`, when they depend on who asks (else `approval`). */
  approvalFor?(body: Body, operator: Operator): ApprovalNeed;
  /** After it was held for approval (in its own transaction, committed). */
  held?(
    deps: ApprovalDeps,
    body: Body,
    context: ActionContext & { requestId: string },
  ): Promise<void>;
  /**
   * Carries it out in `tx` and answers the record it made or changed (the entry's response).
   * Throws `ActionRefused` when it cannot be done as things stand: nothing of it is kept.
   */
  apply(tx: Queryable, deps: ApprovalDeps, body: Body, context: ActionContext): Promise<unknown>;
  /** After the transaction that applied it committed (the policy's holder reads the new version). */
  applied?(deps: ApprovalDeps): Promise<void>;
}

/** Why an action cannot be carried out as things stand; its transaction is rolled back. */
export class ActionRefused extends Error {
  override readonly name = 'ActionRefused';
  constructor(
    readonly status: 404 | 409,
    readonly reason: string,
  ) {
    super(reason);
  }
}
