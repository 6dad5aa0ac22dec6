import { DEMO_IDS, type ApprovalDetail, type JournalEntry, type Order } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { csvText } from './csv';
import {
  approvalColumns,
  balanceColumns,
  destinationAddressColumns,
  orderColumns,
} from './list-csv';
import type { NameOf } from './record-names';

const { treasury, payouts } = DEMO_IDS.profiles;
const names: Record<string, string> = { [treasury]: 'Treasury', [payouts]: 'Payouts' };
const nameOf: NameOf = ({ id }) => names[id];

const order = (over: Partial<Order>): Order => ({
  id: 'o-1',
  profile_id: treasury,
  status: 'OPEN',
  side: 'BUY',
  market: 'BTCUSD',
  type: 'LIMIT',
  base_amount: '1.50000000',
  price: '59000.00',
  amount_filled: '0',
  volume_weighted_average_price: '0',
  created_at: '2026-11-26T10:00:00Z',
  ...over,
});

const rows = (text: string) => text.trimEnd().split('\r\n');

describe('the CSV columns of the lists', () => {
  it('orders: flat columns first, amounts exact, the profile named beside its id, the record last', () => {
    const columns = orderColumns(nameOf);
    expect(columns.map((c) => c.name)).toEqual([
      'id',
      'created_at',
      'profile_id',
      'profile',
      'market',
      'side',
      'type',
      'status',
      'base_amount',
      'quote_amount',
      'price',
      'amount_filled',
      'average_price',
      'ref_id',
      'modified_at',
      'record',
    ]);
    const [, open, filled] = rows(
      csvText(columns, [
        order({}),
        order({ id: 'o-2', amount_filled: '0.5', volume_weighted_average_price: '58999.50' }),
      ]),
    );
    // An unfilled order has no average price, whatever the service wrote.
    expect(open).toMatch(
      new RegExp(
        `^o-1,2026-11-26T10:00:00Z,${treasury},Treasury,BTCUSD,BUY,LIMIT,OPEN,1\\.50000000,,59000\\.00,0,,,,"\\{`,
      ),
    );
    expect(filled).toContain(',0.5,58999.50,');
  });

  it('balances: available, held and their exact total per profile and asset', () => {
    const [header, line] = rows(
      csvText(balanceColumns(nameOf), [
        {
          id: `${payouts}:BTC`,
          profile_id: payouts,
          balance: { asset: 'BTC', available: '0.10000001', trading: '0.2' },
        },
      ]),
    );
    expect(header).toBe('profile_id,profile,asset,available,held_by_orders,total');
    expect(line).toBe(`${payouts},Payouts,BTC,0.10000001,0.2,0.30000001`);
  });

  it('approvals: what it moves from → to by name, what it still needs, the exact body', () => {
    const journal = {
      id: 'j-1',
      operation: 'createInternalTransfer',
      operator: 'fiona',
      operator_name: 'Fiona Finance',
      ref_id: 'r-1',
      state: 'AWAITING_APPROVAL',
      method: 'POST',
      request_path: '/v2/transfer/internal',
      request_body: `{"amount":"250000.00","asset":"USD","from_profile_id":"${treasury}","to_profile_id":"${payouts}"}`,
      body_sha256: 'abc',
      attempts: 0,
      response_status: null,
      response: null,
      error: null,
      request_id: 'q',
      created_at: '2026-11-26T10:00:00Z',
      updated_at: '2026-11-26T10:00:00Z',
      policy_version: 7,
    } satisfies JournalEntry;
    const detail = {
      journal,
      fields: JSON.parse(journal.request_body) as Record<string, unknown>,
      approval: {
        required: true,
        approvers_needed: 2,
        eligible_roles: ['finance', 'admin'],
        expires_at: '2026-11-27T10:00:00Z',
        prospect: { still_needed: 1, candidates: 0, stalled: 'Needs 1 more approval.' },
        approvals: [],
        events: [],
        can_decide: false,
        cannot_decide_reason: null,
        can_cancel: true,
      },
    } satisfies ApprovalDetail;
    const [header, line] = rows(csvText(approvalColumns(nameOf), [detail]));
    expect(header!.split(',').slice(0, 15)).toEqual([
      'operation',
      'title',
      'state',
      'operator',
      'time',
      'ref_id',
      'amount',
      'asset',
      'parties',
      'approvers_needed',
      'approvals_counting',
      'eligible_roles',
      'expires_at',
      'stalled',
      'policy_version',
    ]);
    expect(line).toContain(
      'createInternalTransfer,Create internal transfer,AWAITING_APPROVAL,fiona,2026-11-26T10:00:00Z,r-1,250000.00,USD,Treasury → Payouts,2,0,finance admin,2026-11-27T10:00:00Z,Needs 1 more approval.,7,j-1,',
    );
  });

  it('the address book: its members as the service spells them, the record whole and last', () => {
    const address = {
      id: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a01',
      created_at: '2026-11-20T08:00:00Z',
      crypto_network: 'ETHEREUM',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      nickname: '=cmd|calc',
      status: 'APPROVED',
      bookmarked: true,
    } as const;
    const [header, line] = rows(csvText(destinationAddressColumns, [address]));
    expect(header).toBe(
      'id,created_at,crypto_network,address,nickname,status,identity_id,bookmarked,record',
    );
    // A nickname that reads as a formula is guarded, and quoted for the `|` a spreadsheet may cut
    // it at; no identity is an empty cell.
    expect(line).toContain(
      `c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a01,2026-11-20T08:00:00Z,ETHEREUM,0x52908400098527886E0F7030069857D2E4169EE7,"'=cmd|calc",APPROVED,,true,`,
    );
    expect(line).toContain('""bookmarked"":true');
  });
});
