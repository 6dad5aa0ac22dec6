/**
 * Reading a record back to learn what became of a send whose answer was lost. Where the service
 * offers a read for the operation's record (an order or transfer by its `ref_id`, a fiat account
 * by its id, an order or rule by id), reading it is safer than sending again: it never acts, and
 * for Update Fiat Account, which has no `ref_id`, it is the only safe way.
 */
import { isRecord, type JournalEntry } from '@console/schemas';
import type { UpstreamClient } from '../upstream/client';
import { pathParamsOf, sendableOperation } from './operation-table';
import { lostAnswerOf, planOf, type Intent, type Plan, type ReadBack } from './read-back-plans';

/** True when the entry's operation has a read to resolve it by. */
export function canReadBack(operation: string): boolean {
  return planOf(operation) !== undefined;
}

/** The intent stored in a journal entry: its exact body and the path parameters of its path. */
export function intentOf(entry: JournalEntry): Intent {
  const operation = sendableOperation(entry.operation);
  let body: unknown = {};
  try {
    body = entry.request_body === '' ? {} : JSON.parse(entry.request_body);
  } catch {
    body = {};
  }
  return {
    body: isRecord(body) ? body : {},
    params: operation ? pathParamsOf(operation.path, entry.request_path) : {},
  };
}

/** How an operation's entry is settled by a read: may it be re-sent, and what `differs` means. */
export function readBackPolicy(operation: string): Pick<Plan, 'resendWhenAbsent' | 'whenDiffers'> {
  const lost = lostAnswerOf(operation);
  if (lost.settle === 'read') return lost.plan;
  return { resendWhenAbsent: lost.settle === 'resend', whenDiffers: 'REJECTED' };
}

/**
 * Whether the console may send an entry's stored bytes again by itself when a read does not find
 * its record (or cannot be made): never for an operation without a safe resend, and not once its
 * `ref_id` may have been given to another record (`resendForMs`). Then an operator decides.
 */
export function mayResendByItself(entry: JournalEntry, nowMs: number): boolean {
  if (!readBackPolicy(entry.operation).resendWhenAbsent) return false;
  const heldMs = planOf(entry.operation)?.resendForMs;
  return heldMs === undefined || nowMs - Date.parse(entry.created_at) < heldMs;
}

/**
 * Reads back the record of a journal entry's intent. Never sends the entry itself.
 *
 * @example
 * const result = await readBack({ client, timeoutMs }, entry, requestId);
 * if (result.kind === 'found') // the send succeeded: result.record is what the service holds
 */
export async function readBack(
  deps: { client: UpstreamClient; timeoutMs: number; signal?: AbortSignal },
  entry: JournalEntry,
  requestId: string,
): Promise<ReadBack> {
  const plan = planOf(entry.operation);
  if (!plan) return { kind: 'unreadable', reason: `${entry.operation} has no read` };
  const intent = intentOf(entry);
  const read = plan.read(intent);
  if (!read) return { kind: 'unreadable', reason: 'the entry carries no reference id to read by' };
  try {
    const outcome = await deps.client.send({
      method: 'GET',
      path: read.path,
      body: '',
      scope: read.scope,
      timeoutMs: deps.timeoutMs,
      requestId,
      safe: true,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    if (outcome.kind === 'no-answer') {
      return { kind: 'unreadable', reason: `the read got no answer: ${outcome.error}` };
    }
    return plan.decide(outcome.status, outcome.body, intent);
  } catch (error) {
    return {
      kind: 'unreadable',
      reason: `the read could not be sent: ${(error as Error).message}`,
    };
  }
}
