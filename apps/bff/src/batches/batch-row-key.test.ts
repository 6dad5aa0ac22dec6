import { DEMO_IDS } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { batchContentHash, contentOf, rowContent, rowContentKey } from './batch-row-key';

const { treasury, payouts, trading } = DEMO_IDS.profiles;
const payout = (amount: string, extra: Record<string, unknown> = {}) => ({
  from_profile_id: treasury,
  to_profile_id: payouts,
  asset: 'USD',
  amount,
  ...extra,
});
const key = (body: Record<string, unknown>) => rowContentKey('createInternalTransfer', body);

describe('the content key of a batch row', () => {
  it.each([
    ['a trailing zero', payout('12.30'), payout('12.3')],
    ['a leading zero', payout('012.3'), payout('12.3')],
    ['grouped thousands as a file writes them', payout('1,250.00'), payout('1250')],
    ['an empty memo and none', payout('5', { metadata: {} }), payout('5')],
    ['a blank memo value and none', payout('5', { metadata: { note: '' } }), payout('5')],
    ['its ref_id', payout('5', { ref_id: 'a' }), payout('5', { ref_id: 'b' })],
    [
      'the order of its fields',
      Object.fromEntries(Object.entries(payout('5')).reverse()),
      payout('5'),
    ],
  ])('is the same whatever %s', (_, a, b) => {
    expect(key(a)).toBe(key(b));
  });

  it.each([
    ['the amount', payout('12.31')],
    ['the asset', { ...payout('12.3'), asset: 'EUR' }],
    ['the destination', { ...payout('12.3'), to_profile_id: trading }],
    ['the source', { ...payout('12.3'), from_profile_id: trading }],
    ['the memo', payout('12.3', { metadata: { note: 'invoice 7' } })],
  ])('differs with %s', (_, other) => {
    expect(key(other)).not.toBe(key(payout('12.3')));
  });

  it('differs between operations paying the same', () => {
    expect(rowContentKey('createSvcTransfer', payout('5'))).not.toBe(key(payout('5')));
  });

  it('reads the amount field the operation names (an orchestration’s source amount)', () => {
    const orchestration = (source_amount: string) => ({
      profile_id: treasury,
      source_asset: 'USD',
      source: { profile: { profile_id: treasury } },
      destination_asset: 'USD',
      destination: { profile: { profile_id: payouts } },
      source_amount,
    });
    expect(rowContent('createOrchestration', orchestration('250.00'))).toContain(
      '"source_amount":"250"',
    );
    expect(rowContentKey('createOrchestration', orchestration('250.00'))).toBe(
      rowContentKey('createOrchestration', orchestration('250')),
    );
  });
});

describe('the content hash of a batch', () => {
  const rows = [payout('1'), payout('2'), payout('2')].map((body) => ({ body }));

  it('is the same for the same rows in any order, and skips rows sent nothing', () => {
    const reordered = [rows[2]!, { body: null }, rows[0]!, rows[1]!];
    expect(contentOf('createInternalTransfer', reordered).hash).toBe(
      contentOf('createInternalTransfer', rows).hash,
    );
    expect(contentOf('createInternalTransfer', reordered).keys[1]).toBeNull();
  });

  it('counts each row: a row repeated within the file is not the same batch as once', () => {
    expect(contentOf('createInternalTransfer', rows.slice(0, 2)).hash).not.toBe(
      contentOf('createInternalTransfer', rows).hash,
    );
  });

  it('is empty for no rows, which repeat nothing', () => {
    expect(batchContentHash([])).toBe('');
  });
});
