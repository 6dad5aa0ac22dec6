import type { Batch, BatchCheck, BatchRowCheck } from '@console/schemas';

export const HASH = 'ab12cd34ef56'.padEnd(64, '0');

/** A checked row: valid unless errors are given. */
export function checkedRow(
  row: number,
  cells: Record<string, string>,
  errors: BatchRowCheck['errors'] = [],
): BatchRowCheck {
  return { row, cells, body: errors.length === 0 ? { ...cells } : null, errors };
}

/** A check as the BFF answers it (the contract's whole shape), with what a test sets. */
export function batchCheck(over: Partial<BatchCheck> = {}): BatchCheck {
  return {
    operation: 'createInternalTransfer',
    columns: ['from', 'to', 'asset', 'amount'],
    fields: [
      {
        path: 'from_profile_id',
        label: 'From profile',
        required: true,
        accepts_name: 'profile nickname',
      },
      {
        path: 'to_profile_id',
        label: 'To profile',
        required: true,
        accepts_name: 'profile nickname',
      },
      { path: 'asset', label: 'Asset', required: true, accepts_name: null },
      { path: 'amount', label: 'Amount', required: true, accepts_name: null },
      { path: 'metadata.reason', label: 'Reason', required: false, accepts_name: null },
    ],
    mapping: {
      from: 'from_profile_id',
      to: 'to_profile_id',
      asset: 'asset',
      amount: 'amount',
    },
    mapping_needed: false,
    mapping_remembered: false,
    file_errors: [],
    rows: [],
    valid_rows: 0,
    invalid_rows: 0,
    totals: [],
    by_destination: [],
    rows_hash: HASH,
    already_uploaded: null,
    changes: null,
    ...over,
  };
}

const ZERO = { waiting: 0, sent: 0, succeeded: 0, failed: 0, unknown: 0, excluded: 0, not_sent: 0 };

/** A batch as the BFF answers it, with what a test sets. */
export function batch(over: Partial<Batch> = {}): Batch {
  return {
    id: 'b-1',
    operation: 'createInternalTransfer',
    file_name: 'payouts-november.csv',
    columns: ['amount', 'to'],
    state: 'awaiting_approval',
    created_by: 'fin',
    created_by_name: 'Fin Finance',
    created_at: '2026-11-27T10:00:00Z',
    rows_hash: HASH,
    row_count: 3,
    counts: { ...ZERO, waiting: 3 },
    totals: [{ asset: 'USD', amount: '1234567.89', rows: 3 }],
    by_destination: [{ asset: 'USD', amount: '1234567.89', rows: 3, destination: 'p-payouts' }],
    largest: [{ asset: 'USD', amount: '1000000.00', rows: 1 }],
    approvals_required: 1,
    approver_roles: ['finance', 'admin'],
    requirements: [
      {
        approvals_required: 1,
        approver_roles: ['finance', 'admin'],
        escalation: null,
        asked_by: 'rows 1, 2, 3',
        given: 0,
        met: false,
      },
    ],
    policy_version: 3,
    approvals: [],
    rejected_by: null,
    reason: null,
    changes: null,
    repeats: { days: 7, total: 0, rows: [] },
    waiting_for: null,
    updated_at: '2026-11-27T10:00:00Z',
    ...over,
  };
}

export const counts = (over: Partial<Batch['counts']>): Batch['counts'] => ({ ...ZERO, ...over });
