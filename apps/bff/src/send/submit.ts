import {
  newRefId,
  parseWith,
  type ApprovalRequirement,
  type JournalEntry,
  type Operator,
  type WriteOperationId,
} from '@console/schemas';
import { problems } from '../errors';
import type { NewJournalEntry } from '../journal/journal-store';
import { dispatch, type DispatchDeps, type Dispatched } from './dispatch';
import { requestSchema, type SendableOperation } from './operation-table';

/** A send the approval policy holds: journaled as awaiting approval, nothing sent. */
export interface Held {
  entry: JournalEntry;
  approval: ApprovalRequirement;
}

/**
 * Journals a send that needs approval and holds it, or answers undefined when it goes out now.
 * The approvals module provides it (`approvalGate`), so that sending does not depend on approvals:
 * the approval of a held send ends in a send, never the other way round.
 */
export type HoldForApproval = (
  operation: WriteOperationId,
  entry: NewJournalEntry,
  body: Record<string, unknown>,
  operator: Operator,
) => Promise<Held | undefined>;

/** What the send pipeline needs besides sending. */
export interface SubmitDeps extends DispatchDeps {
  now: () => number;
  /** Called once the entry is journaled, before sending (the request's log line reads it). */
  onJournaled?: (entry: JournalEntry) => void;
  /** The approval policy and its flow: a send the policy holds waits instead of going out. */
  hold?: HoldForApproval;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The send pipeline after the role check (the route guard did that): validate at send time,
 * journal the exact bytes, then send them. Bad input throws a 400 problem, and then nothing is
 * journaled or sent.
 */
export async function submitOperation(
  deps: SubmitDeps,
  operation: SendableOperation,
  input: unknown,
  context: { operator: Operator; requestId: string },
): Promise<Dispatched> {
  if (!isPlainObject(input)) throw problems.badRequest('The body must be a JSON object');
  // Minted before validation so that it is validated like one the operator typed, and stored
  // in the journal: a later retry of this intent reuses it.
  const withRef =
    operation.takesRefId && input.ref_id === undefined ? { ...input, ref_id: newRefId() } : input;
  const parsed = parseWith(requestSchema(operation, deps.now), withRef);
  if (!parsed.ok) throw problems.validation(parsed.errors);

  const { path, body } = operation.toWire(parsed.value as Record<string, unknown>);
  // Serialised once: these bytes are journaled, hashed, signed and sent, on every attempt. A
  // DELETE has no body: its bytes are empty, and the signature covers an empty payload.
  const bytes = operation.bodyless ? '' : JSON.stringify(body);
  const refId = typeof body.ref_id === 'string' ? body.ref_id : null;
  const newEntry = {
    operation: operation.id,
    operator: context.operator.username,
    operator_name: context.operator.display_name,
    ref_id: refId,
    method: operation.method,
    request_path: path,
    request_body: bytes,
    request_id: context.requestId,
  };
  const held = await deps.hold?.(operation.id, newEntry, body, context.operator);
  if (held) {
    deps.onJournaled?.(held.entry);
    return { entry: held.entry, approval: held.approval };
  }
  const entry = await deps.journal.create(newEntry);
  deps.onJournaled?.(entry);
  return dispatch(deps, entry, { resolving: false, requestId: context.requestId });
}
