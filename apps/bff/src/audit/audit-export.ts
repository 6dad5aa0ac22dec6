/**
 * Signed exports (ADR 022): the journal, the approval events or the security events of a period
 * as CSV, with a detached JWS over its exact bytes under the audit key, which anyone holding the
 * public key can check (`pnpm cli audit:verify-export`). Each export is itself appended to the
 * `audit` chain: who made it, of what, over which period, and the hash of what they got.
 */
import { createHash } from 'node:crypto';
import { csvLine } from '@console/schemas';
import type { Db } from '../db/db';
import { csvHeader, csvRow } from '../journal/journal-csv';
import { COLUMNS, type Row, toEntry } from '../journal/journal-row';
import { type AuditKey, signDetached } from './audit-key';

export const EXPORT_KINDS = ['journal', 'approvals', 'security'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_TYP = 'console-audit-export';

export interface ExportRequest {
  kind: ExportKind;
  /** The period, from inclusive to exclusive (UTC instants). */
  from: Date;
  to: Date;
  /** Who asks: recorded in the chain. */
  actor: string;
}

export interface SignedExport {
  filename: string;
  csv: string;
  /** Detached compact JWS (`header..signature`) over the CSV's UTF-8 bytes. */
  signature: string;
  keyId: string;
  rows: number;
}

const APPROVAL_COLUMNS = ['id', 'journal_id', 'kind', 'actor', 'actor_name', 'detail', 'at'];
const SECURITY_COLUMNS = [
  'id',
  'at',
  'kind',
  'username',
  'actor',
  'client_address',
  'user_agent',
  'session_id',
  'request_id',
  'detail',
  'count',
];

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === null ? null : String(value);

async function csvOf(db: Db, request: ExportRequest): Promise<{ csv: string; rows: number }> {
  const period = [request.from.toISOString(), request.to.toISOString()];
  if (request.kind === 'journal') {
    const rows = await db.query<Row>(
      `select ${COLUMNS} from journal_entries where created_at >= $1 and created_at < $2
       order by seq`,
      period,
    );
    return { csv: csvHeader() + rows.map((r) => csvRow(toEntry(r))).join(''), rows: rows.length };
  }
  const [table, columns] =
    request.kind === 'approvals'
      ? ['approval_events', APPROVAL_COLUMNS]
      : ['security_events', SECURITY_COLUMNS];
  const rows = await db.query<Record<string, unknown>>(
    `select ${columns.join(', ')} from ${table} where at >= $1 and at < $2
     order by ${request.kind === 'approvals' ? 'id' : 'seq'}`,
    period,
  );
  const lines = rows.map((row) =>
    csvLine(columns.map((c) => (c === 'at' ? iso(row[c]) : (row[c] ?? null)))),
  );
  return { csv: csvLine(columns) + lines.join(''), rows: rows.length };
}

/**
 * Makes, signs and records one export. The record is appended before the CSV is handed out: an
 * export that is not in the chain never leaves.
 *
 * @example
 * const out = await signedExport(db, key, { kind: 'journal', from, to, actor: 'audrey' });
 */
export async function signedExport(
  db: Db,
  key: AuditKey,
  request: ExportRequest,
): Promise<SignedExport> {
  const { csv, rows } = await csvOf(db, request);
  const bytes = new TextEncoder().encode(csv);
  const signature = await signDetached(key, bytes, EXPORT_TYP);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const filename = `${request.kind}-${day(request.from)}-to-${day(request.to)}.csv`;
  await db.query(`select audit_append('audit', 'export', $1, $2::jsonb)`, [
    `${request.kind} ${request.from.toISOString()}/${request.to.toISOString()}`,
    JSON.stringify({
      actor: request.actor,
      export_kind: request.kind,
      from: request.from.toISOString(),
      to: request.to.toISOString(),
      rows,
      csv_sha256: createHash('sha256').update(bytes).digest('hex'),
      key_id: key.kid,
    }),
  ]);
  return { filename, csv, signature, keyId: key.kid, rows };
}
