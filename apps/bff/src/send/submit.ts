import {
  newRefId,
  parseWith,
  type ApprovalRequirement,
  type JournalEntry,
  type Operator,
  type SendPreview,
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
 * What the rules made of a send before anything left: held for approval (journaled, nothing
 * sent), journaled in SENDING by the gate itself (a send a limit was checked for, in the
 * transaction that summed it), or left to the pipeline (`go`: the entry as decided, with the
 * policy version that decided it, journaled by the batched, lock-free path). A refusal throws a
 * problem, and then nothing is journaled.
 */
export type Gated = { held: Held } | { journaled: JournalEntry } | { go: NewJournalEntry };

/**
 * Decides a send by the rules (approvals, destinations, limits) and journals it where that must
 * happen under a lock. The approvals module provides it (`approvalGate`), so that sending does
 * not depend on approvals: the approval of a held send ends in a send, never the other way round.
 */
export type SendGate = (
  operation: WriteOperationId,
  entry: NewJournalEntry,
  body: Record<string, unknown>,
  operator: Operator,
) => Promise<Gated>;

/** What sending a validated request would do (the approvals module decides), for its review. */
export type PreviewSend = (
  operation: WriteOperationId,
  body: Record<string, unknown>,
  operator: Operator,
) => Promise<SendPreview>;

/** What the send pipeline needs besides sending. */
export interface SubmitDeps extends DispatchDeps {
  now: () => number;
  /** Called once the entry is journaled, before sending (the request's log line reads it). */
  onJournaled?: (entry: JournalEntry) => void;
  /** The rules and the approval flow: a send they hold waits, one they refuse is not journaled. */
  gate?: SendGate;
  /** What a send would do, decided as `hold` decides it; without it, every send goes at once. */
  preview?: PreviewSend;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A request as it would be sent, validated at `now`: its path and body on the wire. Bad input
 * throws a 400 problem naming the fields. A `ref_id` is minted where the operation takes one and
 * the operator gave none, before validation, so that it is validated like one they typed.
 */
export function validatedRequest(
  operation: SendableOperation,
  input: unknown,
  now: () => number,
): { path: string; body: Record<string, unknown> } {
  if (!isPlainObject(input)) throw problems.badRequest('The body must be a JSON object');
  const withRef =
    operation.takesRefId && input.ref_id === undefined ? { ...input, ref_id: newRefId() } : input;
  const parsed = parseWith(requestSchema(operation, now), withRef);
  if (!parsed.ok) throw problems.validation(parsed.errors);
  return operation.toWire(parsed.value as Record<string, unknown>);
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
  // The minted ref_id is stored in the journal: a later retry of this intent reuses it.
  const { path, body } = validatedRequest(operation, input, deps.now);
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
  const gated = await deps.gate?.(operation.id, newEntry, body, context.operator);
  if (gated && 'held' in gated) {
    deps.onJournaled?.(gated.held.entry);
    return { entry: gated.held.entry, approval: gated.held.approval };
  }
  const entry =
    gated && 'journaled' in gated
      ? gated.journaled
      : await deps.journal.create(gated ? gated.go : newEntry);
  deps.onJournaled?.(entry);
  return dispatch(deps, entry, { resolving: false, requestId: context.requestId });
}
