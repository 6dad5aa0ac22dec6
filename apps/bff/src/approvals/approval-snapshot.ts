/**
 * The record a change request changes, kept with its approval (issue 14). When the policy holds
 * an update or delete of a fiat account, the BFF reads the account from the service itself (never
 * from what the browser sends) and stores it with the request; the approver sees old → new from
 * it, and, as they look, the account read again and compared, so a change made at the service
 * since the request was made is named instead of approved unseen.
 */
import {
  FIAT_ACCOUNT_UPDATE_MEMBERS,
  changesBetween,
  operations,
  pickMembers,
  type FieldChange,
  type RecordSince,
  type RecordSnapshot,
  type Role,
  type WriteOperationId,
  isRecord,
  kindOfPath,
  maskByKind,
} from '@console/schemas';
import { recordForRole, seesWhole } from '../access/personal-data';
import { ProblemError } from '../errors';
import { pathParamsOf } from '../send/operation-table';
import { upstreamProblem } from '../send/send-response';
import type { UpstreamClient } from '../upstream/client';

/** What reading the record takes: the client that signs and sends, and its timeout. */
export interface SnapshotDeps {
  client: UpstreamClient;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The writes whose approval keeps the record they change: the read that gives it (by the write's
 * own path parameters) and the members a change of it is judged by.
 */
const SNAPSHOTS: Partial<
  Record<WriteOperationId, { read: 'getFiatAccount'; members: readonly string[] }>
> = {
  updateFiatAccount: { read: 'getFiatAccount', members: FIAT_ACCOUNT_UPDATE_MEMBERS },
  deleteFiatAccount: { read: 'getFiatAccount', members: FIAT_ACCOUNT_UPDATE_MEMBERS },
};

/** True when an approval of this write keeps a snapshot of its record. */
export function keepsSnapshot(operation: string): boolean {
  return Object.hasOwn(SNAPSHOTS, operation);
}

type ReadResult =
  | { kind: 'found'; record: Record<string, unknown> }
  | { kind: 'absent'; status: number; body: unknown }
  | { kind: 'unreadable'; reason: string };

/** Reads the record a request of `operation` to `requestPath` changes, as the service holds it now. */
async function readRecord(
  deps: SnapshotDeps,
  operation: WriteOperationId,
  requestPath: string,
  requestId: string,
): Promise<ReadResult> {
  const plan = SNAPSHOTS[operation]!;
  const read = operations[plan.read];
  const params = pathParamsOf(operations[operation].path, requestPath);
  let path: string;
  try {
    path = read.toPath(params);
  } catch {
    return { kind: 'unreadable', reason: 'the request names no record to read' };
  }
  try {
    const outcome = await deps.client.send({
      method: 'GET',
      path,
      body: '',
      scope: read.scope,
      timeoutMs: deps.timeoutMs,
      requestId,
      safe: true,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    if (outcome.kind === 'no-answer') return { kind: 'unreadable', reason: outcome.error };
    if (outcome.status === 404) return { kind: 'absent', status: 404, body: outcome.body };
    if (outcome.status !== 200 || !isRecord(outcome.body)) {
      return { kind: 'unreadable', reason: `the read answered ${outcome.status}` };
    }
    return { kind: 'found', record: outcome.body };
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message };
  }
}

/**
 * The record as it is before the request, for the approval to keep; undefined for a write that
 * keeps none. A record the service does not have refuses the request (404, with the service's
 * problem); a record that cannot be read refuses it too (502): nothing is journaled either way,
 * and the operator may send again.
 */
export async function takeSnapshot(
  deps: SnapshotDeps,
  operation: WriteOperationId,
  requestPath: string,
  requestId: string,
  now: number,
): Promise<RecordSnapshot | undefined> {
  if (!keepsSnapshot(operation)) return undefined;
  const result = await readRecord(deps, operation, requestPath, requestId);
  if (result.kind === 'found') {
    return { record: result.record, read_at: new Date(now).toISOString() };
  }
  if (result.kind === 'absent') {
    throw new ProblemError({
      status: 404,
      code: 'not-found',
      detail:
        'Nothing was journaled: the service has no record with this id, so there is nothing to change or approve.',
      upstream: upstreamProblem(result.status, result.body),
    });
  }
  throw new ProblemError({
    status: 502,
    code: 'upstream-unavailable',
    detail: `Nothing was journaled: the console could not read the record as it is now, to keep it with the request for its approvers (${result.reason}). Send again when the service answers.`,
  });
}

/**
 * What changed at the service between the snapshot and `now`: the members a change of the record
 * is judged by (a fiat account's owner, instructions and metadata; not its status or times).
 */
export function changedSince(
  operation: string,
  before: Record<string, unknown>,
  now: Record<string, unknown>,
): FieldChange[] {
  const members = SNAPSHOTS[operation as WriteOperationId]?.members ?? [];
  return changesBetween(pickMembers(before, members), pickMembers(now, members));
}

/** The read that gives the record an approval of `operation` keeps, or null when it keeps none. */
function readOf(operation: string) {
  return SNAPSHOTS[operation as WriteOperationId]?.read ?? null;
}

/**
 * A change's values as `role` may see them: masked under a personal member unless the role sees
 * the record whole (a fiat account: support and admin; `access/personal-data.ts`).
 */
export function changeForRole(role: Role, operation: string, change: FieldChange): FieldChange {
  if (seesWhole(role, readOf(operation))) return change;
  // Masked by the kind of the field that changed, as the record itself is.
  const kind = kindOfPath(change.path);
  if (kind === undefined) return change;
  const mask = (v: string | undefined) => (v === undefined ? v : maskByKind(kind, v));
  return { ...change, before: mask(change.before), after: mask(change.after) };
}

/** The snapshot an approval of `operation` keeps, as `role` may see it. */
export function snapshotForRole(
  role: Role,
  operation: string,
  snapshot: RecordSnapshot,
): RecordSnapshot {
  return { ...snapshot, record: recordForRole(role, readOf(operation), snapshot.record) };
}

/**
 * The record read again, as an approver looks at the request, compared with the snapshot: the
 * changes since (none: the approver decides on what the maker saw), its absence, or why it could
 * not be read.
 */
export async function compareWithNow(
  deps: SnapshotDeps,
  entry: { operation: string; request_path: string },
  snapshot: RecordSnapshot,
  role: Role,
  requestId: string,
  now: number,
): Promise<RecordSince | undefined> {
  if (!keepsSnapshot(entry.operation)) return undefined;
  const operation = entry.operation as WriteOperationId;
  const result = await readRecord(deps, operation, entry.request_path, requestId);
  const read_at = new Date(now).toISOString();
  if (result.kind === 'absent') return { read_at, changes: [], gone: true };
  if (result.kind === 'unreadable') return { read_at, changes: [], error: result.reason };
  const changes = changedSince(operation, snapshot.record, result.record);
  return { read_at, changes: changes.map((c) => changeForRole(role, operation, c)) };
}
