/**
 * A journal entry as a row of `journal_entries` and as the API shows it, and the hashes the
 * journal, approvals and audits compare. Shared by the journal's stores.
 */
import { createHash } from 'node:crypto';
import type { JournalEntry, JournalState, MarketEstimate } from '@console/schemas';
import { jsonb, type JsonbText } from '../db/db';
import { unsafeTextErrors } from '../json-checks';

/** The outcome of one send (which may hold several HTTP attempts). */
/** What the send pipeline knows before sending. */
export interface NewJournalEntry {
  operation: string;
  operator: string;
  operator_name: string;
  ref_id: string | null;
  method: string;
  request_path: string;
  /** The exact text that will be sent. */
  request_body: string;
  request_id: string;
  /** The policy version its send was decided under (issue 38); null or absent: none. */
  policy_version?: number | null;
  /**
   * A market order of unknown notional: the estimate its thresholds compared when it was decided
   * (issue 66), kept for the dry runs that judge it again later. Absent for any other send.
   */
  market_estimate?: MarketEstimate | null;
}

/** The estimate as its column holds it: JSON text, or null. */
export const estimateText = (entry: NewJournalEntry) =>
  entry.market_estimate ? JSON.stringify(entry.market_estimate) : null;

export interface JournalOutcome {
  state: Extract<JournalState, 'SUCCEEDED' | 'REJECTED' | 'UNKNOWN'>;
  attempts: number;
  response_status: number | null;
  response: unknown;
  /** The answer's text as it came, when there was one: kept whatever it holds. */
  response_text?: string | undefined;
  error: string | null;
}

const COLUMN_NAMES = [
  'id',
  'seq::text as position',
  'operation',
  'operator',
  'operator_name',
  'ref_id',
  'state',
  'method',
  'request_path',
  'request_body',
  'body_sha256',
  'attempts',
  'response_status',
  'response',
  'response_text',
  'error',
  'request_id',
  'created_at',
  'updated_at',
  'duplicate_of',
  'outcome_conflicts',
  'policy_version',
];
/** The columns of a journal entry, for the other modules that read entries. */
export const COLUMNS = COLUMN_NAMES.join(', ');
/** The same, of the row aliased `e` (an UPDATE … FROM). */
export const E_COLUMNS = COLUMN_NAMES.map((column) => `e.${column}`).join(', ');

export type Row = Omit<JournalEntry, 'created_at' | 'updated_at'> & {
  position: string;
  response_text: string | null;
  duplicate_of: string | null;
  outcome_conflicts: number | string;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toEntry(row: Row): JournalEntry {
  return {
    id: row.id,
    operation: row.operation,
    operator: row.operator,
    operator_name: row.operator_name,
    ref_id: row.ref_id,
    state: row.state,
    method: row.method,
    request_path: row.request_path,
    request_body: row.request_body,
    body_sha256: row.body_sha256,
    attempts: Number(row.attempts),
    response_status: row.response_status === null ? null : Number(row.response_status),
    response: row.response ?? parsedText(row.response_text),
    error: row.error,
    request_id: row.request_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    duplicate_of: row.duplicate_of,
    policy_version: row.policy_version === null ? null : Number(row.policy_version),
    // Only where there is one: an entry's shape is what it was for every other entry.
    ...(Number(row.outcome_conflicts) > 0
      ? { outcome_conflicts: Number(row.outcome_conflicts) }
      : {}),
  };
}

/** An answer kept only as text (PostgreSQL could not hold it as jsonb): parsed here instead. */
function parsedText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The answer for the two columns: its text, always (PostgreSQL text holds anything but a NUL
 * character, which becomes U+FFFD), and as jsonb only when it can be (no `\u0000`, no unpaired
 * surrogate), so that recording what the service said never fails on what it said.
 */
export function responseColumns(outcome: JournalOutcome): {
  json: JsonbText | null;
  text: string | null;
} {
  const { response } = outcome;
  const json =
    response === undefined || response === null || unsafeTextErrors(response).length > 0
      ? null
      : jsonb(response);
  const raw =
    outcome.response_text ??
    (response === undefined || response === null ? null : JSON.stringify(response));
  return { json, text: raw === null ? null : raw.replaceAll('\u0000', '\ufffd') };
}

/** SHA-256 of the body's UTF-8 bytes, hex: what the journal, approvals and audits compare. */
export function bodySha256(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

/**
 * SHA-256 of the whole request (operation, method, path and body, one per line), hex: what an
 * approval binds, so that neither the body nor a path parameter can change after it.
 */
export function requestSha256(entry: {
  operation: string;
  method: string;
  request_path: string;
  request_body: string;
}): string {
  return createHash('sha256')
    .update(
      `${entry.operation}\n${entry.method}\n${entry.request_path}\n${entry.request_body}`,
      'utf8',
    )
    .digest('hex');
}
