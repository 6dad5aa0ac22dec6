/**
 * Test support for reconciliation at volume (issue 64): a busy day made at the sandbox in one
 * control call (`POST /sandbox/history/transfers`) and journaled here as the console's own sends,
 * in one statement, so that a run over it finds nothing and the reads are all there is to see.
 */
import { randomUUID } from 'node:crypto';
import { exampleInput } from '@console/schemas';
import type { RequestLogEntry } from '@console/sandbox';
import type { Db } from '../src/db/db';

interface Control {
  control: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

/**
 * `transfers` internal transfers at the sandbox across `[from, now)` (two records each), each
 * journaled as a createInternalTransfer the service answered; their refs.
 */
export async function busyDay(
  h: Control & { db: Db },
  options: { transfers: number; from: string; prefix: string },
): Promise<string[]> {
  const input = exampleInput('createInternalTransfer');
  const amount = '0.01';
  const made = await h.control<{ transfers?: { id: string; ref_id: string }[]; detail?: string }>(
    'POST',
    '/history/transfers',
    {
      count: options.transfers,
      from: options.from,
      to: new Date().toISOString(),
      ref_prefix: options.prefix,
      from_profile_id: input.from_profile_id,
      to_profile_id: input.to_profile_id,
      asset: input.asset,
      amount,
    },
  );
  if (!made.transfers) throw new Error(`the sandbox made no transfers: ${made.detail}`);
  const transfers = made.transfers;
  const bodies = transfers.map((t) => JSON.stringify({ ...input, amount, ref_id: t.ref_id }));
  await h.db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, request_id, attempts, response_status, response,
       created_at, updated_at)
     select u.id, 'createInternalTransfer', 'finance', 'Fiona Finance', u.ref_id, 'SUCCEEDED',
       'POST', '/v2/transfer/internal', u.body, 'not-checked', u.id, 1, 200,
       json_build_object('id', u.record_id, 'ref_id', u.ref_id, 'status', 'PENDING')::jsonb,
       now(), now()
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(id, ref_id, body, record_id)`,
    [
      transfers.map(() => randomUUID()),
      transfers.map((t) => t.ref_id),
      bodies,
      transfers.map((t) => t.id),
    ],
  );
  return transfers.map((t) => t.ref_id);
}

/** The run's reads as the sandbox logged them, in the order it received them. */
export const reconcileReads = (requests: readonly RequestLogEntry[]) =>
  requests.filter((r) => (r.headers['x-request-id'] ?? '').startsWith('reconcile-'));

/** The gaps (ms, real time) between consecutive reads the sandbox received. */
export function gapsOf(reads: readonly RequestLogEntry[]): number[] {
  return reads.slice(1).map((r, i) => r.received_ms - reads[i]!.received_ms);
}

/** How many times each distinct read (path and query) was received. */
export function timesRead(reads: readonly RequestLogEntry[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const r of reads) times.set(r.path, (times.get(r.path) ?? 0) + 1);
  return times;
}
