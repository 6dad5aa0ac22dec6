import { describe, expect, it } from 'vitest';
import { journalFacts, journalStateWords } from './journal-facts';

const entry = (
  body: Record<string, unknown>,
  path: string,
  response: unknown = null,
  state: 'SUCCEEDED' | 'REJECTED' = 'SUCCEEDED',
) => ({ request_body: JSON.stringify(body), request_path: path, response, state });

describe('journalFacts', () => {
  it('reads a transfer: amount, asset, the sending profile, the record and its status', () => {
    expect(
      journalFacts(
        entry(
          { from_profile_id: 'p1', to_profile_id: 'p2', asset: 'USD', amount: '1234.50' },
          '/v2/transfer/internal',
          { id: 't1', status: 'PENDING', amount: '1234.50' },
        ),
      ),
    ).toEqual({
      amount: '1234.50',
      asset: 'USD',
      profile_id: 'p1',
      service_status: 'PENDING',
      record_id: 't1',
    });
  });

  it('reads an order: the amount in its market asset, the profile from the path', () => {
    const buy = entry(
      { market: 'BTCUSD', side: 'BUY', type: 'MARKET', quote_amount: '25.00' },
      '/v2/profiles/p9/orders',
      { id: 'o1', status: 'FILLED' },
    );
    expect(journalFacts(buy)).toMatchObject({ amount: '25.00', asset: 'USD', profile_id: 'p9' });
    const sell = entry(
      { market: 'ETHUSD', base_amount: '0.000000000000000001' },
      '/v2/profiles/p9/orders',
    );
    expect(journalFacts(sell)).toMatchObject({ amount: '0.000000000000000001', asset: 'ETH' });
  });

  it('reads an orchestration and a rule (the record inside `rule`)', () => {
    expect(
      journalFacts(
        entry({ profile_id: 'p3', source_asset: 'USDP', source_amount: '9' }, '/v2/orchestrations'),
      ),
    ).toMatchObject({ amount: '9', asset: 'USDP', profile_id: 'p3' });
    expect(
      journalFacts(
        entry({ profile_id: 'p3', source_asset: 'USDP' }, '/v2/rules', {
          rule: { id: 'r1', status: 'ACTIVE' },
        }),
      ),
    ).toEqual({
      amount: null,
      asset: 'USDP',
      profile_id: 'p3',
      service_status: 'ACTIVE',
      record_id: 'r1',
    });
  });

  it('takes nothing from a refusal’s problem details, and survives a body that is not JSON', () => {
    const refused = entry(
      { amount: '1', asset: 'USD' },
      '/v2/transfer/internal',
      {
        type: 'https://x/insufficient-funds',
        status: 403,
      },
      'REJECTED',
    );
    expect(journalFacts(refused)).toMatchObject({ service_status: null, record_id: null });
    expect(
      journalFacts({
        request_body: 'not json',
        request_path: '/v2/x',
        response: null,
        state: 'UNKNOWN',
      }),
    ).toEqual({
      amount: null,
      asset: null,
      profile_id: null,
      service_status: null,
      record_id: null,
    });
  });

  it('says states in words', () => {
    expect(journalStateWords('SUCCEEDED')).toBe('Succeeded');
    expect(journalStateWords('UNKNOWN')).toBe('Outcome unknown');
    expect(journalStateWords('LATER_STATE')).toBe('LATER_STATE');
  });
});
