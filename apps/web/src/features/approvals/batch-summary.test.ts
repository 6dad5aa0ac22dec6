import type { Batch } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { batchSummary, waitsForMe } from './batch-summary';

const batch = (over: Partial<Batch> = {}) =>
  ({
    operation: 'createInternalTransfer',
    row_count: 50,
    totals: [{ asset: 'USD', amount: '12500', rows: 50 }],
    largest: [{ asset: 'USD', amount: '900', rows: 1 }],
    state: 'awaiting_approval',
    created_by: 'fiona',
    approver_roles: ['finance', 'admin'],
    approvals: [],
    ...over,
  }) as Batch;

describe('a batch in the queue', () => {
  it.each([
    [
      batch(),
      /^50 rows of Create internal transfer: 12,500(\.00)? USD in all, the largest 900(\.00)? USD$/,
    ],
    [batch({ row_count: 1, totals: [], largest: [] }), /^1 row of Create internal transfer$/],
  ])('reads %#', (b, words) => {
    expect(batchSummary(b)).toMatch(words);
  });

  const frank = { username: 'frank', role: 'finance' as const };
  it.each([
    ['awaiting, another’s, a role of mine', batch(), true],
    ['mine', batch({ created_by: 'frank' }), false],
    [
      'approved by me already',
      batch({ approvals: [{ by: 'frank', name: 'Frank', at: 'x' }] }),
      false,
    ],
    ['for other roles', batch({ approver_roles: ['admin'] }), false],
    ['sending', batch({ state: 'sending' }), false],
  ])('waits for me when %s: %s', (_, b, waits) => {
    expect(waitsForMe(b, frank)).toBe(waits);
  });
});
