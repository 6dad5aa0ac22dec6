/**
 * Signed exports (ADR 022): the journal, the approval events or the security events of a period
 * as CSV, with a detached JWS over its exact bytes under the audit key, which anyone holding the
 * public key can check (`pnpm cli audit:verify-export`). Each export is itself appended to the
 * `audit` chain: who made it, of what, over which period, for which role's view, and the hash of
 * what they got. A journal export holds what its role may read, masked as the journal page masks it
 * (issue 55, finding 7); approval and security events are shown whole on their pages to the roles
 * that may export them, and are exported so.
 */
import { createHash } from 'node:crypto';
import { csvLine, type JournalEntry, type Role } from '@console/schemas';
import { entryForRole } from '../access/personal-data';
import { jsonb, type Db } from '../db/db';
import { problems } from '../errors';
import { csvHeader, csvRow } from '../journal/journal-csv';
import { COLUMNS, type Row, toEntry } from '../journal/journal-row';
import { type Checkpoint, createCheckpoint } from './audit-checkpoint';
import { type AuditKey, signDetached } from './audit-key';
import { verifyAuditTrail } from './audit-verify';

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
  /**
   * The role the export is for: each journal row as the journal page shows it to that role
   * (`entryForRole`: an auditor sees a fiat account's owner masked), recorded in the chain as
   * `masked_for`. Absent only for the CLI's export, whole: it is run by an operator of the
   * deployment who holds the database itself, and so sees every row whole anyway.
   */
  role?: Role | undefined;
  /** Where the tree head signed with the export is copied (`AUDIT_CHECKPOINT_FILE`). */
  treeHeadCopy?: string | undefined;
}

export interface SignedExport {
  filename: string;
  /**
   * The CSV's UTF-8 bytes: outside V8's heap, so that a large period does not need a heap as
   * large as its file (the embedded console runs with a capped one, ADR 026).
   */
  csv: Buffer;
  /** Detached compact JWS (`header..signature`) over the CSV's bytes. */
  signature: string;
  keyId: string;
  rows: number;
  /** The subjects of its rows in the chains, and of its own record: what its proofs are of. */
  subjects: string[];
  recordSubject: string;
  /** The tree head signed after its record was appended. */
  treeHead: Checkpoint;
}

/** Rows read per statement: a page's rows and its CSV text are all the heap holds at once. */
export const EXPORT_PAGE_ROWS = 1000;

/** `proof`: a decision signed with a passkey carries what checks it offline (issue 61, ADR 037). */
const APPROVAL_COLUMNS = [
  'id',
  'journal_id',
  'kind',
  'actor',
  'actor_name',
  'detail',
  'at',
  'proof',
];
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

/**
 * The CSV of a period, page by page in the order of its key (`seq`, or an approval event's `id`):
 * each page's lines as one buffer, with the number of rows in it (the header's page has none).
 */
async function* csvPages(
  db: Db,
  request: ExportRequest,
  pageRows: number,
): AsyncGenerator<{ bytes: Buffer; rows: number; subjects: string[] }> {
  const period = [request.from.toISOString(), request.to.toISOString()];
  const journal = request.kind === 'journal';
  const names = request.kind === 'approvals' ? APPROVAL_COLUMNS : SECURITY_COLUMNS;
  const [table, columns, key] = journal
    ? ['journal_entries', COLUMNS, 'seq']
    : [
        request.kind === 'approvals' ? 'approval_events' : 'security_events',
        names.join(', '),
        request.kind === 'approvals' ? 'id' : 'seq',
      ];
  const at = journal ? 'created_at' : 'at';
  const { role } = request;
  const shown = (entry: JournalEntry) => (role ? entryForRole(role, entry) : entry);
  yield { bytes: Buffer.from(journal ? csvHeader() : csvLine(names)), rows: 0, subjects: [] };
  // The subject the chains record each row under: an entry's id, an approval event's entry.
  const subject = request.kind === 'approvals' ? 'journal_id' : 'id';
  let after: string | null = null;
  for (;;) {
    const rows: Record<string, unknown>[] = await db.query(
      `select ${columns}, ${key}::text as page_key from ${table}
       where ${at} >= $1 and ${at} < $2 and ($3::bigint is null or ${key} > $3::bigint)
       order by ${key} limit ${pageRows}`,
      [...period, after],
    );
    if (rows.length === 0) return;
    const lines = rows.map((row) =>
      journal
        ? csvRow(shown(toEntry(row as unknown as Row)))
        : csvLine(names.map((c) => (c === 'at' ? iso(row[c]) : (row[c] ?? null)))),
    );
    const subjects = rows.map((row) => String(row[subject]));
    yield { bytes: Buffer.from(lines.join('')), rows: rows.length, subjects };
    if (rows.length < pageRows) return;
    after = String(rows[rows.length - 1]!.page_key);
  }
}

async function csvOf(
  db: Db,
  request: ExportRequest,
  pageRows: number,
): Promise<{ csv: Buffer; rows: number; subjects: string[] }> {
  const pages: Buffer[] = [];
  const subjects = new Set<string>();
  let rows = 0;
  for await (const page of csvPages(db, request, pageRows)) {
    pages.push(page.bytes);
    rows += page.rows;
    for (const subject of page.subjects) subjects.add(subject);
  }
  return { csv: Buffer.concat(pages), rows, subjects: [...subjects] };
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
  pageRows = EXPORT_PAGE_ROWS,
): Promise<SignedExport> {
  // A signature certifies what the trail certifies (issue 57): with a chain broken or a row
  // that disagrees with its record, the tables hold what no one recorded, and signing them would
  // lend the key to the edit. The whole trail is verified, not the period: a break anywhere
  // means the period's rows cannot be told good by the records alone.
  const report = await verifyAuditTrail(db, { publicKey: key.publicKey, sealFirst: true });
  if (!report.ok) {
    const found = report.binding.findings.length;
    throw problems.conflict(
      `The audit trail does not verify${found ? ` (${found} rows disagree with it)` : ''}: nothing is exported until it does. Run audit:verify to see where.`,
    );
  }
  const { csv: bytes, rows, subjects } = await csvOf(db, request, pageRows);
  const signature = signDetached(key, bytes, EXPORT_TYP);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const filename = `${request.kind}-${day(request.from)}-to-${day(request.to)}.csv`;
  // As text, cast on the server: postgres.js would send a string for a `jsonb` parameter as
  // a JSON string, and `audit_append` needs the object.
  const recordSubject = `${request.kind} ${request.from.toISOString()}/${request.to.toISOString()}`;
  await db.query(`select audit_append('audit', 'export', $1, $2::text::jsonb)`, [
    recordSubject,
    jsonb({
      actor: request.actor,
      export_kind: request.kind,
      from: request.from.toISOString(),
      to: request.to.toISOString(),
      rows,
      // Whose view the rows are (null: whole, the CLI's): what the hash below is of.
      masked_for: request.role ?? null,
      csv_sha256: createHash('sha256').update(bytes).digest('hex'),
      key_id: key.kid,
    }),
  ]);
  // A tree head with the export's record in it (issue 57): what the export's proofs lead to, and
  // a head copied outside the database at every export.
  const copy = request.treeHeadCopy;
  const treeHead = await createCheckpoint(db, key, copy ? { copyFile: copy } : {});
  return {
    filename,
    csv: bytes,
    signature,
    keyId: key.kid,
    rows,
    subjects,
    recordSubject,
    treeHead,
  };
}
