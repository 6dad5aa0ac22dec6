import { DEMO_IDS, operations, type ConsoleProblem } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { refusalFields, type RecordNames } from './refusal-fields';

const { identities: I, accounts: A, profiles: P } = DEMO_IDS;

/*
 * The problems below are what the sandbox answers (captured from it, `detail` included), as the
 * BFF passes them on under `upstream`. The form's words come from status, type and meta; the
 * same problems with another `detail` must read the same.
 */
const rejected = (upstream: ConsoleProblem['upstream']): ConsoleProblem => ({
  type: 'about:blank',
  title: 'Refused by the service',
  status: 422,
  detail: upstream?.detail ?? '',
  code: 'rejected',
  request_id: 'req-1',
  upstream,
});

const names: RecordNames = {
  identity: (id) =>
    ({ [I.alice]: 'Alice Moreau', [I.erin]: 'Erin Tanaka', [I.frank]: 'Frank Adeyemi' })[id],
  account: (id) => ({ [A.bob]: 'Bob Okafor' })[id],
};
const transfer = {
  from_profile_id: P.treasury,
  to_profile_id: P.payouts,
  asset: 'USD',
  amount: '1.00',
};

const cases = [
  {
    what: 'an account that is not the identity’s',
    op: operations.createInternalTransfer,
    input: { ...transfer, from_identity_id: I.alice, from_account_id: A.bob },
    upstream: {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: `from_account_id: account ${A.bob} does not belong to identity ${I.alice} (neither its primary identity nor a member)`,
      meta: {
        errors: [
          {
            path: 'from_account_id',
            message: `account ${A.bob} does not belong to identity ${I.alice} (neither its primary identity nor a member)`,
          },
        ],
      },
    },
    expected: [
      {
        path: 'from_account_id',
        message:
          'Bob Okafor is not an account of Alice Moreau: neither its own nor one it is a member of. Choose one of theirs.',
      },
    ],
  },
  {
    what: 'a frozen identity',
    op: operations.createInternalTransfer,
    input: { ...transfer, from_identity_id: I.erin, from_account_id: A.erin },
    upstream: {
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: `from_identity_id: identity ${I.erin} has an active FROZEN control (reason LEGAL_ORDER): it cannot transact`,
      meta: {
        identity_id: I.erin,
        control: {
          id: `${I.erin}-control-1`,
          type: 'FROZEN',
          set_by: 'SET_BY_SVC',
          is_overridable: false,
          reason_code: 'LEGAL_ORDER',
          reason: 'Court order freezing the account',
          created_at: '2026-10-28T00:00:00.000Z',
        },
      },
    },
    expected: [
      {
        path: 'from_identity_id',
        message: 'Erin Tanaka has an active control, Frozen (legal order): it cannot transact.',
      },
    ],
  },
  {
    what: 'an identity not yet approved',
    op: operations.createInternalTransfer,
    input: { ...transfer, to_identity_id: I.alice, from_identity_id: I.frank },
    upstream: {
      type: 'https://svc.example/problems/identity-verification-required',
      title: 'Identity Verification Required',
      status: 403,
      detail: `from_identity_id: identity ${I.frank} is PENDING; only an APPROVED identity can transact`,
      meta: { identity_id: I.frank, summary_status: 'PENDING' },
    },
    expected: [
      {
        path: 'from_identity_id',
        message:
          'Frank Adeyemi is not approved (Pending review): only an approved identity can transact. Choose another, or leave it out.',
      },
    ],
  },
  {
    what: 'a limit exceeded',
    op: operations.createSvcTransfer,
    input: { ...transfer, amount: '500000.01' },
    upstream: {
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail:
        'amount: 500000.01 USD exceeds the limit b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d02 over 86400 s on SVC_TRANSFER_DEBIT of 500000.00 USD: 500000.00 USD remains',
      meta: {
        transfer_type: 'SVC_TRANSFER_DEBIT',
        id: 'b1c2d3e4-f5a6-4b7c-9d8e-0f1a2b3c4d02',
        rule_id: 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c03',
        transfer_types: ['SVC_TRANSFER_DEBIT'],
        period_seconds: '86400',
        limit: '500000.00',
        remaining: '500000.00',
        limit_asset: 'USD',
      },
    },
    expected: [
      {
        path: 'amount',
        message:
          'Above what remains of the limit of 500,000.00 USD a day on svc transfers: 500,000.00 USD is left. Send less, or wait for the period to pass.',
      },
    ],
  },
  {
    what: 'an address not yet approved',
    op: operations.createOrchestration,
    input: {
      profile_id: P.treasury,
      source_asset: 'USD',
      source: { profile: { profile_id: P.treasury } },
      destination_asset: 'ETH',
      destination: {
        crypto: { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', network: 'ETHEREUM' },
      },
      source_amount: '10.00',
    },
    upstream: {
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail:
        'destination.crypto.address: the address book holds 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe on ETHEREUM as PENDING; only an APPROVED address can be paid out to',
      meta: { address_id: DEMO_IDS.destinationAddresses.pending, status: 'PENDING' },
    },
    expected: [
      {
        path: 'destination.crypto.address',
        message:
          'The address book holds this address as PENDING: only an approved address can be paid out to. Wait for its screening, or choose an approved one.',
      },
    ],
  },
  {
    what: 'an IOC order on a side of the market that is unavailable',
    op: operations.createOrder,
    input: {
      profile_id: P.trading,
      side: 'BUY',
      market: 'AAVEUSD',
      type: 'LIMIT',
      time_in_force: 'IOC',
      base_amount: '1',
      price: '90.00',
    },
    upstream: {
      type: 'https://svc.example/problems/unavailable-market',
      title: 'Unavailable Market',
      status: 403,
      detail:
        'time_in_force: AAVEUSD is unavailable for buying (SCHEDULED_MAINTENANCE); an IOC order cannot be placed on that side',
      meta: {
        market: 'AAVEUSD',
        side: 'BUY',
        time_in_force: 'IOC',
        status: 'UNAVAILABLE',
        reason: 'SCHEDULED_MAINTENANCE',
      },
    },
    expected: [
      {
        path: 'time_in_force',
        message:
          'AAVEUSD is unavailable for buying (scheduled maintenance): IOC and FOK orders cannot be placed there. Choose GTC or GTT for a limit order, or wait until the side is available again.',
      },
    ],
  },
];

describe('a join rule the service refused, beside its field in words', () => {
  it.each(cases)('$what', ({ op, input, upstream, expected }) => {
    expect(refusalFields(op, rejected(upstream), input, names)).toEqual(expected);
  });

  it.each(cases)(
    '$what reads the same whatever the detail says',
    ({ op, input, upstream, expected }) => {
      const reworded = { ...upstream, detail: 'Something else entirely' };
      expect(refusalFields(op, rejected(reworded), input, names)).toEqual(expected);
    },
  );

  it('names the records generically when the console has not read their names', () => {
    const none: RecordNames = { identity: () => undefined, account: () => undefined };
    const [frozen] = refusalFields(
      cases[1]!.op,
      rejected(cases[1]!.upstream),
      cases[1]!.input,
      none,
    );
    expect(frozen?.message).toMatch(/^This identity has an active control/);
  });

  it('leaves other refusals to the problem alert', () => {
    const funds = rejected({
      type: 'https://svc.example/problems/insufficient-funds',
      status: 403,
      meta: { profile_id: P.empty, asset: 'USD', available: '1.00', needed: '50.00' },
    });
    expect(refusalFields(operations.createInternalTransfer, funds, transfer, names)).toEqual([]);
    const scope = rejected({ type: 'about:blank', status: 403, detail: 'scope missing' });
    expect(refusalFields(operations.createInternalTransfer, scope, transfer, names)).toEqual([]);
  });
});
