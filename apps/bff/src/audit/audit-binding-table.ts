/**
 * What binds each chained table to its chain (issue 57, ADR 022): the record kinds that describe
 * a row, how a record and a row name the same subject, and the columns compared, each as SQL over
 * the row and the record's key holding its value. `audit-binding.ts` compares them.
 */
import type { AuditChain } from './audit-checkpoint';

export interface Column {
  /** The column's name as reported. */
  column: string;
  /** SQL over the table's row (alias-free), as text in the record's form. */
  row: string;
  /** The record's key holding the value. */
  field: string;
}

/** One table bound to the records of one chain. */
export interface Binding {
  table: string;
  chain: AuditChain;
  /** The record kinds that describe a row of the table. */
  kinds: string[];
  /** SQL over a record (`subject`, `c` its parsed content) naming its row. */
  recordKey: string;
  /**
   * Whether `recordKey` reads the content (`c`). When it does not, a subject's latest record is
   * found by its position alone and only that record's content is parsed (see `bindingSql`).
   */
  keyInContent?: true;
  /** SQL over the table's row naming it the same way. */
  rowKey: string;
  columns: Column[];
  /**
   * `left`: not every row has such a record (a batch's state is recorded only once it changes);
   * a row without one is compared with `absent` values, and none is deleted or forged.
   */
  partial?: { absent: Record<string, string> };
}

const utf8Sha256 = (column: string) => `encode(sha256(convert_to(${column}, 'UTF8')), 'hex')`;
const same = (name: string, field = name): Column => ({ column: name, row: name, field });
const at = (name: string, field = name): Column => ({
  column: name,
  row: `audit_ts(${name})`,
  field,
});
const asText = (name: string, field = name): Column => ({
  column: name,
  row: `${name}::text`,
  field,
});

/** Every chained table (migrations 016, 018, 020, 021) and what of it the records hold. */
export const BINDINGS: Binding[] = [
  {
    table: 'journal_entries',
    chain: 'journal',
    kinds: ['entry-created', 'entry-state'],
    recordKey: 'subject',
    rowKey: 'id',
    columns: [
      // The stored bytes hashed again: an edited amount shows even with `body_sha256` kept.
      { column: 'request_body', row: utf8Sha256('request_body'), field: 'body_sha256' },
      same('body_sha256'),
      same('operation'),
      same('operator'),
      same('ref_id'),
      same('state'),
      same('method'),
      same('request_path'),
      same('duplicate_of'),
    ],
  },
  ...(['journal_events', 'approval_events'] as const).map((table): Binding => ({
    table,
    chain: table === 'journal_events' ? 'journal' : 'approvals',
    kinds: [table === 'journal_events' ? 'entry-event' : 'approval-event'],
    recordKey: `c->>'event_id'`,
    keyInContent: true,
    rowKey: 'id::text',
    columns: [
      same('journal_id'),
      same('kind', 'event_kind'),
      same('actor'),
      same('actor_name'),
      same('detail'),
      at('at'),
      // A signed decision's proof (issue 61): unsigned events have none in row or record.
      ...(table === 'approval_events' ? [same('proof')] : []),
    ],
  })),
  {
    table: 'security_events',
    chain: 'security',
    kinds: ['security-event', 'security-event-counted'],
    recordKey: 'subject',
    rowKey: 'id',
    columns: [
      same('kind', 'event_kind'),
      at('at'),
      same('username'),
      same('actor'),
      same('client_address'),
      same('session_id'),
      same('detail'),
      asText('count'),
    ],
  },
  {
    table: 'policy_versions',
    chain: 'approvals',
    kinds: ['policy-version'],
    recordKey: 'subject',
    rowKey: `'policy-' || version`,
    columns: [
      { column: 'document', row: utf8Sha256('document'), field: 'document_sha256' },
      same('document_sha256'),
      same('source'),
      same('proposed_by'),
      same('proposal_id'),
      at('effective_at'),
    ],
  },
  {
    table: 'batches',
    chain: 'approvals',
    kinds: ['batch-uploaded'],
    recordKey: 'subject',
    rowKey: 'id::text',
    columns: [
      same('operation'),
      same('file_name'),
      same('rows_hash'),
      asText('row_count'),
      same('created_by'),
      asText('approvals_required'),
      at('created_at', 'at'),
    ],
  },
  {
    // A batch's state: recorded at each change; before the first it is the upload's.
    table: 'batches',
    chain: 'approvals',
    kinds: ['batch-state'],
    recordKey: 'subject',
    rowKey: 'id::text',
    columns: [same('state'), same('rejected_by'), same('cancelled_by')],
    partial: {
      absent: { state: `'awaiting_approval'`, rejected_by: 'null', cancelled_by: 'null' },
    },
  },
  {
    table: 'batch_approvals',
    chain: 'approvals',
    kinds: ['batch-approval'],
    recordKey: `subject || '/' || (c->>'approver')`,
    keyInContent: true,
    rowKey: `batch_id::text || '/' || approver`,
    columns: [same('approver_name'), same('role'), same('rows_hash'), at('at')],
  },
];
