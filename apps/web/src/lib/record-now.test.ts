import { DEMO_IDS } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { journalEntry } from '@/test/fixtures';
import { pathParamsOf, readBackOf } from './record-now';

const { trading } = DEMO_IDS.profiles;

describe('where a journaled send’s record is read back', () => {
  it('reads path parameters off the request path by the write’s template', () => {
    expect(
      pathParamsOf('/v2/profiles/{profile_id}/orders/{id}', '/v2/profiles/p%201/orders/o-9'),
    ).toEqual({
      profile_id: 'p 1',
      id: 'o-9',
    });
    expect(pathParamsOf('/v2/profiles/{profile_id}/orders', '/v2/transfer/internal')).toEqual({});
  });

  it('an order placed: its Get, from the answer, and its page', () => {
    const back = readBackOf(
      journalEntry({
        operation: 'createOrder',
        request_path: `/v2/profiles/${trading}/orders`,
        request_body: '{"market":"BTCUSD"}',
        response: { id: 'o-1', profile_id: trading, status: 'SUBMITTED' },
      }),
    );
    expect(back).toMatchObject({ path: `/v2/profiles/${trading}/orders/o-1`, query: {} });
    expect(back?.page).toBe(`/orders/${trading}/o-1`);
    expect(back?.status.terminal).toContain('FILLED');
  });

  it('a cancel: the order its request named, which the answer `{}` does not', () => {
    const back = readBackOf(
      journalEntry({ request_path: `/v2/profiles/${trading}/orders/o-7`, response: {} }),
    );
    expect(back?.path).toBe(`/v2/profiles/${trading}/orders/o-7`);
    expect(back?.pick({ id: 'o-7', status: 'CANCELLED' })).toEqual({
      id: 'o-7',
      status: 'CANCELLED',
    });
  });

  it('a rule, which has no Get: the list read by its id, the record picked out of the page', () => {
    const back = readBackOf(
      journalEntry({
        operation: 'createOrchestrationRule',
        method: 'POST',
        request_path: '/v2/orchestration/rules',
        request_body: '{}',
        response: { rule: { id: 'r-1', status: 'PENDING' } },
      }),
    );
    expect(back).toMatchObject({ path: '/v2/orchestration/rules', query: { ids: ['r-1'] } });
    expect(back?.pick({ items: [{ id: 'r-0' }, { id: 'r-1', status: 'ACTIVE' }] })).toEqual({
      id: 'r-1',
      status: 'ACTIVE',
    });
  });

  it('nothing to read for a send that made nothing, or a record without a status', () => {
    expect(readBackOf(journalEntry({ state: 'REJECTED' }))).toBeUndefined();
    expect(
      readBackOf(
        journalEntry({
          operation: 'createDepositAddress',
          request_path: '/v2/transfer/deposit-addresses',
          response: { id: 'a-1' },
        }),
      ),
    ).toBeUndefined();
  });
});
