import type { FeeEstimate } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { feeBasisWords, feeReviewWords, feeWords } from './fee-estimate-words';

const TAKER: FeeEstimate = {
  known: true,
  fee: '31.00',
  rate: '0.0025',
  liquidity: 'TAKER',
  source: 'schedule',
};
const FILLS: FeeEstimate = { ...TAKER, liquidity: 'MAKER', rate: '0.001', source: 'fills' };
const NONE: FeeEstimate = { known: false, why: 'no-rate', liquidity: 'MAKER' };

describe('a fee estimate in words', () => {
  it.each([
    [TAKER, '31.00 USD', /as a taker at 0.25 %, the taker rate of the organisation's fee schedule/],
    [FILLS, '31.00 USD', /as a maker at 0.1 %, the highest rate this profile's recent fills/],
    [NONE, 'No estimate possible', /No estimate is possible: .* names no rate for BTCUSD/],
  ] as const)('%j reads "%s"', (estimate, fee, basis) => {
    expect(feeWords(estimate, 'USD')).toMatch(fee);
    expect(feeBasisWords(estimate, 'BTCUSD')).toMatch(basis);
    // The review says what the form says.
    expect(feeReviewWords(estimate, 'BTCUSD', 'USD')).toMatch(basis);
  });
});
