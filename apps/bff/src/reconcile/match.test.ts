import { describe, expect, it } from 'vitest';
import { matchPeriod } from './match';
import type { JournalSend, ServiceRecord } from './match-types';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const OPTIONS = {
  now: NOW,
  pendingLimitMs: { transfer: 3_600_000, order: 600_000, orchestration: 3_600_000 },
};
const RECENT = '2026-11-27T11:59:00Z';
const LONG_AGO = '2026-11-27T09:00:00Z';
const HOUR_MS = 3_600_000;

const transferSend = (over: Partial<JournalSend> = {}): JournalSend => ({
  journal_id: 'j-1',
  operation: 'createInternalTransfer',
  state: 'SUCCEEDED',
  ref_id: 'r-1',
  request_path: '/v2/transfer/internal',
  body: { from_profile_id: 'p-a', to_profile_id: 'p-b', asset: 'USD', amount: '125.50' },
  response: { id: 't-1', status: 'PENDING' },
  created_at: RECENT,
  ...over,
});

/** The two legs the service keeps of an internal transfer. */
const legs = (over: Record<string, unknown> = {}, credit: Record<string, unknown> = {}) =>
  [
    {
      record_type: 'transfer',
      record: {
        id: 't-1',
        ref_id: 'r-1',
        group_id: 'g-1',
        direction: 'DEBIT',
        type: 'INTERNAL_TRANSFER_DEBIT',
        profile_id: 'p-a',
        asset: 'USD',
        amount: '125.5',
        status: 'COMPLETED',
        created_at: RECENT,
        ...over,
      },
    },
    {
      record_type: 'transfer',
      record: {
        id: 't-2',
        group_id: 'g-1',
        direction: 'CREDIT',
        type: 'INTERNAL_TRANSFER_CREDIT',
        profile_id: 'p-b',
        asset: 'USD',
        amount: '125.5',
        status: 'COMPLETED',
        created_at: RECENT,
        ...credit,
      },
    },
  ] satisfies ServiceRecord[];

const kindsOf = (sends: JournalSend[], records: ServiceRecord[]) =>
  matchPeriod(sends, records, OPTIONS).differences.map((d) => [
    d.kind,
    d.journal_value,
    d.service_value,
  ]);

describe('matchPeriod', () => {
  it('finds nothing when the service holds what the journal sent, amounts equal as decimals', () => {
    expect(matchPeriod([transferSend()], legs(), OPTIONS)).toEqual({
      differences: [],
      matches: [
        {
          journal_id: 'j-1',
          record_type: 'transfer',
          record_id: 't-1',
          ref_id: 'r-1',
          subject_at: RECENT,
        },
      ],
    });
  });

  it.each([
    ['amount', legs({ amount: '125.51' }), ['amount', '125.50', '125.51']],
    ['asset', legs({ asset: 'USDC' }), ['asset', 'USD', 'USDC']],
    ['profile', legs({ profile_id: 'p-z' }), ['profile', 'p-a', 'p-z']],
    ['destination', legs({}, { profile_id: 'p-z' }), ['destination', 'p-b', 'p-z']],
    ['status', legs({ status: 'FAILED' }), ['status', 'SUCCEEDED', 'FAILED']],
  ])('finds a %s that differs, once', (_, records, expected) => {
    expect(kindsOf([transferSend()], records)).toEqual([expected]);
  });

  it('finds a send the service took and does not hold, and not one it refused', () => {
    const { differences, matches } = matchPeriod(
      [transferSend(), transferSend({ journal_id: 'j-2', ref_id: 'r-2', state: 'REJECTED' })],
      [],
      OPTIONS,
    );
    expect(matches).toEqual([]);
    expect(differences.map((d) => [d.kind, d.journal_id, d.key, d.subject_at])).toEqual([
      ['absent', 'j-1', 'absent:j-1', RECENT],
    ]);
  });

  it('finds a record the service holds of a send the journal says it refused or does not know', () => {
    expect(kindsOf([transferSend({ state: 'REJECTED' })], legs())).toEqual([
      ['status', 'REJECTED', 'COMPLETED'],
    ]);
    expect(kindsOf([transferSend({ state: 'UNKNOWN' })], legs())).toEqual([
      ['status', 'UNKNOWN', 'COMPLETED'],
    ]);
  });

  it('tells the source of what the journal lacks: a deposit, a rule, another client', () => {
    const records: ServiceRecord[] = [
      {
        record_type: 'transfer',
        record: { id: 'd-1', type: 'CRYPTO_DEPOSIT', status: 'COMPLETED', created_at: RECENT },
      },
      {
        record_type: 'orchestration',
        record: {
          id: 'o-1',
          ref_id: 'rule-x-1',
          orchestration_rule_id: 'x',
          status: 'COMPLETED',
          created_at: RECENT,
        },
      },
      ...legs({ ref_id: 'someone-else' }),
    ];
    expect(
      matchPeriod([], records, OPTIONS).differences.map((d) => [
        d.kind,
        d.source,
        d.record_id,
        d.key,
      ]),
    ).toEqual([
      ['unjournaled', 'deposit', 'd-1', 'unjournaled:transfer:d-1'],
      ['unjournaled', 'rule', 'o-1', 'unjournaled:orchestration:o-1'],
      // Another client's transfer is one difference, its credit leg named under its debit.
      ['unjournaled', 'other', 't-1', 'unjournaled:transfer:t-1'],
    ]);
  });

  it('tells another client’s transfer once, naming its legs, whatever order they are read in', () => {
    const theirs = legs({ ref_id: 'someone-else' });
    for (const records of [theirs, [...theirs].reverse()]) {
      const { differences } = matchPeriod([], records, OPTIONS);
      expect(differences).toHaveLength(1);
      expect(differences[0]).toMatchObject({
        kind: 'unjournaled',
        record_id: 't-1',
        legs: [{ id: 't-2', type: 'INTERNAL_TRANSFER_CREDIT', profile_id: 'p-b' }],
      });
      expect(differences[0]!.detail).toBe(
        'At the service, not in the journal (another client), with its leg t-2 (INTERNAL_TRANSFER_CREDIT, profile p-b).',
      );
    }
    // Only its credit leg read (the debit's profile out of sight): that leg, once.
    expect(
      matchPeriod([], [theirs[1]!], OPTIONS).differences.map((d) => [d.record_id, d.legs]),
    ).toEqual([['t-2', []]]);
  });

  it('tells another client’s transfer pending too long once, not once per leg', () => {
    const pending = legs(
      { ref_id: 'someone-else', status: 'PENDING', created_at: LONG_AGO },
      { status: 'PENDING', created_at: LONG_AGO },
    );
    expect(matchPeriod([], pending, OPTIONS).differences.map((d) => [d.kind, d.record_id])).toEqual(
      [
        ['unjournaled', 't-1'],
        ['pending', 't-1'],
      ],
    );
  });

  it('tells a deposit converted elsewhere once, naming the transfers of its conversion', () => {
    const records: ServiceRecord[] = [
      {
        record_type: 'transfer',
        record: {
          id: 'd-1',
          type: 'CRYPTO_DEPOSIT',
          status: 'COMPLETED',
          auto_conversion: { from_transfer_id: 'c-1', to_transfer_id: 'c-2' },
          created_at: RECENT,
        },
      },
      ...(['c-1', 'c-2'] as const).map((id, i): ServiceRecord => ({
        record_type: 'transfer',
        record: {
          id,
          group_id: 'g-c',
          direction: i === 0 ? 'DEBIT' : 'CREDIT',
          profile_id: 'p-a',
          status: 'COMPLETED',
          created_at: RECENT,
        },
      })),
    ];
    expect(
      matchPeriod([], records, OPTIONS).differences.map((d) => [
        d.source,
        d.record_id,
        d.legs?.map((leg) => leg.id),
      ]),
    ).toEqual([['deposit', 'd-1', ['c-1', 'c-2']]]);
  });

  it.each([
    ['made before the sample history ended: sample, no difference', LONG_AGO, []],
    ['made after: the journal lacks it', RECENT, ['d-1']],
  ])('against the demo sandbox, an unjournaled deposit %s', (_, createdAt, found) => {
    const deposit: ServiceRecord = {
      record_type: 'transfer',
      record: { id: 'd-1', type: 'CRYPTO_DEPOSIT', status: 'COMPLETED', created_at: createdAt },
    };
    const options = { ...OPTIONS, sampleBefore: Date.parse('2026-11-27T10:00:00Z') };
    expect(matchPeriod([], [deposit], options).differences.map((d) => d.record_id)).toEqual(found);
  });

  it('matches a journaled send made before the sample history ended as any other', () => {
    const options = { ...OPTIONS, sampleBefore: NOW };
    const { differences, matches } = matchPeriod([transferSend()], legs(), options);
    expect(differences).toEqual([]);
    expect(matches).toHaveLength(1);
  });

  it('finds a record pending longer than its type allows, and not one pending for a minute', () => {
    expect(kindsOf([transferSend()], legs({ status: 'PENDING', created_at: LONG_AGO }))).toEqual([
      ['pending', null, 'PENDING'],
    ]);
    expect(kindsOf([transferSend()], legs({ status: 'PENDING' }))).toEqual([]);
  });

  const orderSend = (response: Record<string, unknown>): JournalSend => ({
    journal_id: 'j-o',
    operation: 'createOrder',
    state: 'SUCCEEDED',
    ref_id: 'r-o',
    request_path: '/v2/profiles/p-t/orders',
    body: { market: 'BTCUSD', side: 'BUY', type: 'MARKET', base_amount: '0.0100' },
    response,
    created_at: RECENT,
  });
  const order = (over: Record<string, unknown>): ServiceRecord => ({
    record_type: 'order',
    record: {
      id: 'o-1',
      ref_id: 'r-o',
      profile_id: 'p-t',
      market: 'BTCUSD',
      base_amount: '0.01',
      status: 'FILLED',
      amount_filled: '0.01',
      created_at: RECENT,
      ...over,
    },
  });

  it.each([
    ['a final answer and the same fill', { status: 'FILLED', amount_filled: '0.010' }, {}, []],
    [
      'a final answer and another fill',
      { status: 'FILLED', amount_filled: '0.01' },
      { amount_filled: '0.009' },
      [['fills', '0.01', '0.009']],
    ],
    ['an answer given while it was open', { status: 'OPEN', amount_filled: '0' }, {}, []],
    [
      'the profile of its path',
      { status: 'FILLED', amount_filled: '0.01' },
      { profile_id: 'p-x' },
      [['profile', 'p-t', 'p-x']],
    ],
  ])('compares an order’s fill with %s', (_, response, over, expected) => {
    expect(kindsOf([orderSend(response)], [order(over)])).toEqual(expected);
  });

  it('names the same difference with the same key in every run, and a new fill with a new one', () => {
    const keys = (records: ServiceRecord[], sends = [transferSend()], now = NOW) =>
      matchPeriod(sends, records, { ...OPTIONS, now }).differences.map((d) => d.key);
    expect(keys(legs({ amount: '1' }))).toEqual(['amount:j-1:t-1']);
    expect(keys(legs({ amount: '1' }), undefined, NOW + HOUR_MS)).toEqual(['amount:j-1:t-1']);
    const filled = [orderSend({ status: 'FILLED', amount_filled: '0.01' })];
    expect(keys([order({ amount_filled: '0.009' })], filled)).toEqual(['fills:j-o:0.009']);
    expect(keys([order({ amount_filled: '0.008' })], filled)).toEqual(['fills:j-o:0.008']);
  });

  it('leaves alone sends it does not reconcile', () => {
    expect(
      matchPeriod(
        [{ ...transferSend(), operation: 'updateFiatAccount', ref_id: 'r-9' }],
        [],
        OPTIONS,
      ),
    ).toEqual({ differences: [], matches: [] });
  });

  it('takes the legs an orchestration names as its own: matched with it, or under its one difference', () => {
    const orchestration = (ref: string | undefined, rule?: string): ServiceRecord => ({
      record_type: 'orchestration',
      record: {
        id: 'o-1',
        ...(ref ? { ref_id: ref } : {}),
        ...(rule ? { orchestration_rule_id: rule } : {}),
        profile_id: 'p-a',
        status: 'COMPLETED',
        source_transfer: { transfer_id: 't-1', status: 'COMPLETED' },
        destination_transfer: { transfer_id: 't-9', status: 'COMPLETED' },
        created_at: RECENT,
      },
    });
    const legsOfIt = legs({ ref_id: undefined });
    const sent: JournalSend = {
      journal_id: 'j-o',
      operation: 'createOrchestration',
      state: 'SUCCEEDED',
      ref_id: 'r-o',
      request_path: '/v2/orchestration/orchestrations',
      body: { profile_id: 'p-a' },
      response: null,
      created_at: RECENT,
    };
    expect(matchPeriod([sent], [orchestration('r-o'), ...legsOfIt], OPTIONS).differences).toEqual(
      [],
    );
    expect(
      matchPeriod([], [orchestration('rule-x', 'x'), ...legsOfIt], OPTIONS).differences.map((d) => [
        d.kind,
        d.source,
        d.record_id,
      ]),
    ).toEqual([['unjournaled', 'rule', 'o-1']]);
    expect(
      matchPeriod([], [orchestration('rule-x', 'x'), ...legsOfIt], OPTIONS).differences[0]!.legs,
    ).toEqual([
      { id: 't-1', type: 'INTERNAL_TRANSFER_DEBIT', profile_id: 'p-a' },
      { id: 't-2', type: 'INTERNAL_TRANSFER_CREDIT', profile_id: 'p-b' },
    ]);
  });
});
