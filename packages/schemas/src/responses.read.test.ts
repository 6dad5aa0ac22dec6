import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { READ_OPERATION_IDS, operations } from './registry';
import { listPage } from './resources/list';

const order = { id: 'o-1', status: 'EXPIRED', side: 'SELL', market: 'BTCUSD', type: 'LIMIT' };

describe('read answers parse leniently', () => {
  it('a page keeps its cursor and unknown members', () => {
    const page = operations.listOrders.response.parse({
      items: [order, { ...order, id: 'o-2', status: 'PARTIALLY_FILLED', venue: 'x' }],
      next_page_cursor: 'c-2',
      total_hint: 9,
    });
    expect(page.items.map((o) => o.status)).toEqual(['EXPIRED', 'PARTIALLY_FILLED']);
    expect(page.items[1]).toHaveProperty('venue', 'x');
    expect(page).toMatchObject({ next_page_cursor: 'c-2', total_hint: 9 });
  });

  it.each([
    ['listOrchestrations', 'orchestrations', { id: 'or-1', status: 'PENDING' }],
    ['listOrchestrationRules', 'rules', { id: 'r-1', status: 'CANCELLED' }],
  ] as const)('%s reads its items under %s or items', (id, alias, record) => {
    const response = operations[id].response;
    expect(response.parse({ [alias]: [record] }).items).toEqual([record]);
    expect(response.parse({ items: [record], next_page_cursor: '' }).items).toEqual([record]);
  });

  // The appendix marks `items` required only for List Profile Balances: a list that omits an
  // empty array (as JSON encoders of empty repeated fields do) is an empty page, not a drift.
  it.each(READ_OPERATION_IDS.filter((id) => operations[id].paging))(
    '%s reads a page without items as an empty page',
    (id) => {
      const response = operations[id].response as { parse(v: unknown): { items: unknown[] } };
      const member = operations[id].list!.member;
      expect(response.parse({}).items).toEqual([]);
      expect(response.parse({ [member]: null, next_page_cursor: '' }).items).toEqual([]);
      expect(() => response.parse({ [member]: 'none' })).toThrow();
    },
  );

  it('reads a list under the member its entry names, and a cursor named next_page', () => {
    const page = listPage(z.object({ id: z.string() }), { member: 'addresses' });
    expect(page.parse({ addresses: [{ id: 'a-1' }], next_page: 'c-1' })).toMatchObject({
      items: [{ id: 'a-1' }],
      next_page_cursor: 'c-1',
    });
    expect(page.parse({ items: [{ id: 'x' }] }).items).toEqual([]);
    expect(() => page.parse({ addresses: { id: 'a-1' } })).toThrow();
  });

  it('List Profile Balances still needs its items', () => {
    expect(() => operations.listProfileBalances.response.parse({})).toThrow();
  });

  it('reads a fiat destination named bank_account_id as the fiat account', () => {
    const orchestration = operations.getOrchestration.response.parse({
      id: 'or-1',
      status: 'COMPLETED',
      destination: { fiat: { bank_account_id: 'f-9', memo: 'm' } },
      fail_reason: { detail: 'none' },
    });
    expect(orchestration.destination?.fiat).toMatchObject({
      fiat_account_id: 'f-9',
      bank_account_id: 'f-9',
    });
  });

  it('reads what the appendix adds to transfers, profiles, balances and fiat accounts', () => {
    const transfer = operations.getTransfer.response.parse({
      id: 't',
      customer_id: 'c',
      profile_id: 'p',
      amount: '1',
      total: '1',
      fee: '0',
      asset: 'USD',
      direction: 'CREDIT',
      type: 'CRYPTO_DEPOSIT',
      status: 'PENDING',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      secondary_status: { name: 'PENDING_CUSTOMER_APPROVAL', detail: 'd' },
      auto_conversion: { from_transfer_id: 'a', to_transfer_id: 'b' },
      status_details: { stale_fee_quote: { message: 'm' }, brand_new_key: { x: 1 } },
    });
    expect(transfer.secondary_status?.name).toBe('PENDING_CUSTOMER_APPROVAL');
    expect(transfer.status_details).toHaveProperty('brand_new_key');
    expect(
      operations.listProfileBalances.response.parse({
        items: [{ asset: 'BTC', available: '0.000000000000000001', trading: '0' }],
      }).items[0]?.available,
    ).toBe('0.000000000000000001');
    expect(
      operations.getProfile.response.parse({ id: 'p', nickname: 'Treasury', type: 'DEFAULT' }),
    ).toMatchObject({ type: 'DEFAULT' });
    const account = operations.getFiatAccount.response.parse({
      id: 'f',
      status: 'APPROVED',
      created_at: '2026-01-01T00:00:00Z',
      fiat_network_instructions: { cubix: { account_id: 'cx-1' } },
      fiat_account_owner: { institution_details: { name: 'Acme Ltd' } },
    });
    expect(account.fiat_account_owner?.institution_details?.name).toBe('Acme Ltd');
    expect(operations.listExecutions.response.parse({ items: [{}] }).items).toEqual([{}]);
  });

  it('shows an event of a type, object type or member it does not know, as it came', () => {
    const page = operations.listEvents.response.parse({
      events: [
        {
          id: 'e-1',
          type: 'identity.kyc_refresh.started',
          object_type: 'identity_kyc_refresh',
          object: { id: 'k-1', identity_id: 'i-1', refresh_due_at: '2026-07-01T00:00:00Z' },
          created_at: '2026-06-01T00:00:00Z',
          undelivered_webhooks: 0,
        },
        { id: 'e-2', type: 'profile.renamed', object_type: 'profile_change', object: { x: 1 } },
      ],
      next_page_cursor: 'c-9',
    });
    expect(page.items.map((e) => e.type)).toEqual([
      'identity.kyc_refresh.started',
      'profile.renamed',
    ]);
    expect(page.items[0]?.object).toHaveProperty('refresh_due_at', '2026-07-01T00:00:00Z');
    expect(page.items[1]?.object).toEqual({ x: 1 });
  });

  it('reads appendix B’s records with statuses and members it does not know', () => {
    const identity = operations.getIdentity.response.parse({
      id: 'i-1',
      summary_status: 'UNDER_REVIEW',
      status_details: {
        active_controls: [
          {
            id: 'c-1',
            type: 'TRAVEL_BAN',
            set_by: 'SET_BY_REGULATOR',
            reason_code: 'X',
            created_at: '2026-01-01T00:00:00Z',
          },
        ],
        requirements: [{ type: 'BIOMETRICS', errors: [], status: 'WAITING' }],
      },
      person_details: { first_name: 'Ada', tax_id: 'secret' },
    });
    expect(identity.status_details?.active_controls?.[0]?.type).toBe('TRAVEL_BAN');
    expect(identity.person_details).toHaveProperty('tax_id');
    const address = operations.putCryptoDestinationAddress.response.parse({
      address: { id: 'a', crypto_network: 'TRON', address: 'T1', status: 'SUSPENDED' },
    });
    expect(address.address.status).toBe('SUSPENDED');
    expect(
      operations.listTransferLimits.response.parse({
        items: [{ transfer_types: ['PAXOS_TRANSFER_DEBIT'], limit: '1', remaining: '0.5' }],
      }).items[0]?.transfer_types,
    ).toEqual(['PAXOS_TRANSFER_DEBIT']);
    expect(
      operations.listMarkets.response.parse({ markets: [{ market: 'SOLUSD', tick_rate: '0.01' }] })
        .markets[0]?.market,
    ).toBe('SOLUSD');
  });

  // Appendix B's four shapes (issue 58): what the service sends is read; what it never sends is
  // refused, so a sandbox or a service that drifts back fails where the console parses.
  it.each([
    [
      'an identity control',
      'getIdentity',
      {
        id: 'i-1',
        status_details: {
          active_controls: [
            {
              id: 'c-1',
              type: 'SELL_ONLY',
              set_by: 'SET_BY_SVC',
              is_overridable: false,
              reason_code: 'COMPLIANCE_SCREENING',
              reason: 'Screening hit under review',
              created_at: '2026-01-01T00:00:00Z',
            },
          ],
        },
      },
      { id: 'i-1', status_details: { active_controls: [{ type: 'SELL_ONLY', reason_code: 'X' }] } },
    ],
    [
      'an identity requirement',
      'getIdentity',
      {
        id: 'i-1',
        status_details: {
          requirements: [
            {
              type: 'DOCUMENT_VERIFICATION',
              errors: [{ code: 'DOCUMENT_EXPIRED', description: 'The passport has expired' }],
              status: 'PENDING',
              awaiting_action_from: 'CLIENT',
            },
            { type: 'MEMBERS', errors: [], status: 'FAILED' },
          ],
        },
      },
      { id: 'i-1', status_details: { requirements: ['DOCUMENT_VERIFICATION'] } },
    ],
    [
      'a market status',
      'listMarkets',
      {
        markets: [
          {
            market: 'BTCUSD',
            market_status: {
              buy_status: 'UNAVAILABLE',
              sell_status: 'AVAILABLE',
              buy_reason: 'SCHEDULED_MAINTENANCE',
              sell_reason: 'MARKET_STATUS_REASON_UNSPECIFIED',
              updated_at: '2026-01-01T00:00:00Z',
              scheduled_maintenance: [
                { starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-01T02:00:00Z' },
              ],
            },
          },
        ],
      },
      { markets: [{ market: 'BTCUSD', market_status: 'ACTIVE' }] },
    ],
    [
      'a ticker range',
      'getTicker',
      {
        market: 'BTCUSD',
        today: {
          high: '2',
          low: '1',
          range: { begin: '2026-01-01T00:00:00Z', end: '2026-01-01T12:00:00Z' },
        },
      },
      { market: 'BTCUSD', today: { high: '2', low: '1', range: '1' } },
    ],
  ] as const)('reads %s as the service shapes it, and refuses the old shape', (_, id, ok, old) => {
    const response = operations[id].response;
    expect(response.safeParse(ok).success).toBe(true);
    expect(response.safeParse(old).success).toBe(false);
  });

  it.each(['id', 'type', 'set_by', 'created_at'])('refuses a control without %s', (member) => {
    const control: Record<string, string> = {
      id: 'c-1',
      type: 'FROZEN',
      set_by: 'SET_BY_CLIENT',
      created_at: '2026-01-01T00:00:00Z',
    };
    delete control[member];
    const identity = { id: 'i-1', status_details: { active_controls: [control] } };
    expect(operations.getIdentity.response.safeParse(identity).success).toBe(false);
  });

  it('a cancel and a fiat account delete answer {}', () => {
    expect(operations.cancelOrder.response.parse({})).toEqual({});
    expect(operations.deleteFiatAccount.response.parse({})).toEqual({});
  });
});
