import { describe, expect, it } from 'vitest';
import { existingMatchesIntent, existingRecord, isAlreadyExists } from './already-exists';
import type { UpstreamOutcome } from './outcome';

type Row = [
  name: string,
  body: Record<string, unknown>,
  pathParams: Record<string, string>,
  existing: Record<string, unknown>,
  matches: boolean,
];

const transfer = {
  from_profile_id: 'p-1',
  to_profile_id: 'p-2',
  amount: '1.50',
  asset: 'USD',
  ref_id: 'r-1',
};
const transferRecord = {
  id: 't-1',
  profile_id: 'p-1',
  amount: '1.5',
  asset: 'USD',
  ref_id: 'r-1',
  fee: '0',
};
const order = {
  side: 'BUY',
  market: 'BTCUSD',
  type: 'LIMIT',
  base_amount: '0.1',
  price: '30000',
  ref_id: 'o-1',
};
const orderRecord = {
  id: 'o',
  profile_id: 'p-9',
  side: 'BUY',
  market: 'BTCUSD',
  type: 'LIMIT',
  base_amount: '0.10000000',
  price: '30000.00',
  ref_id: 'o-1',
  status: 'OPEN',
};

const rows: Row[] = [
  ['equal decimals written differently', transfer, {}, transferRecord, true],
  ['a different amount', { ...transfer, amount: '1.51' }, {}, transferRecord, false],
  ['a different asset', { ...transfer, asset: 'EUR' }, {}, transferRecord, false],
  ['a different ref_id', { ...transfer, ref_id: 'r-2' }, {}, transferRecord, false],
  [
    'integer against decimal',
    { ...transfer, amount: '2' },
    {},
    { ...transferRecord, amount: '2.00' },
    true,
  ],
  ['identifiers are not decimals', { ref_id: '007' }, {}, { ref_id: '7' }, false],
  ['a path param that matches', order, { profile_id: 'p-9' }, orderRecord, true],
  ['a path param that differs', order, { profile_id: 'p-8' }, orderRecord, false],
  [
    'request-only fields are skipped',
    { ...order, await_fill_millis: 500 },
    { profile_id: 'p-9' },
    orderRecord,
    true,
  ],
  ['record fields the intent lacks are ignored', { ref_id: 'o-1' }, {}, orderRecord, true],
  ['a different enum', { ...order, side: 'SELL' }, {}, orderRecord, false],
  [
    'GTT expiry in ms against the returned date-time',
    { expiration_date: '1767225600000' },
    {},
    { expiration_date: '2026-01-01T00:00:00Z' },
    true,
  ],
  [
    'a different expiry',
    { expiration_date: '1767225601000' },
    {},
    { expiration_date: '2026-01-01T00:00:00.000Z' },
    false,
  ],
  [
    'nested objects compared recursively',
    { source: { crypto: { network: 'ETHEREUM', address: '0xabc' } }, metadata: { a: '1' } },
    {},
    {
      source: { crypto: { network: 'ETHEREUM', address: '0xabc', address_id: 'x' } },
      metadata: { a: '1', b: '2' },
    },
    true,
  ],
  [
    'a nested difference',
    { source: { crypto: { network: 'ETHEREUM', address: '0xabc' } } },
    {},
    { source: { crypto: { network: 'BASE', address: '0xabc' } } },
    false,
  ],
  [
    'an object where the record has a scalar',
    { metadata: { a: '1' } },
    {},
    { metadata: 'a=1' },
    false,
  ],
  ['metadata values differ', { metadata: { a: '1' } }, {}, { metadata: { a: '2' } }, false],
  ['a value where the record has null', { identity_id: 'i-1' }, {}, { identity_id: null }, false],
  ['arrays element by element', { list: ['1.0', 'x'] }, {}, { list: ['1', 'x'] }, true],
  ['arrays of another length', { list: ['1'] }, {}, { list: ['1', '2'] }, false],
  ['numbers and booleans strictly', { n: 5, b: true }, {}, { n: 5, b: true }, true],
  ['a number against its string', { n: 5 }, {}, { n: '5' }, false],
];

describe('existingMatchesIntent', () => {
  it.each(rows)('%s', (_, body, pathParams, existing, matches) => {
    expect(existingMatchesIntent(body, pathParams, existing)).toBe(matches);
  });
});

describe('isAlreadyExists and existingRecord', () => {
  const problem = (type: string, meta?: unknown): UpstreamOutcome => ({
    kind: 'answered',
    status: 409,
    body: { type, status: 409, title: 'Conflict', meta },
    attempts: 2,
    retried: true,
  });

  it('recognises the problem type by its last segment', () => {
    const outcome = problem('https://svc.example/problems/already-exists', {
      existing: { id: 'x' },
    });
    expect(isAlreadyExists(outcome)).toBe(true);
    expect(existingRecord(outcome)).toStrictEqual({ id: 'x' });
  });

  it.each<[string, UpstreamOutcome]>([
    ['another 409 type', problem('https://svc.example/problems/conflict')],
    ['about:blank', problem('about:blank')],
    ['a 400 with that type', { ...problem('x/already-exists'), status: 400 } as UpstreamOutcome],
    ['no answer', { kind: 'no-answer', error: 'connection reset', attempts: 4 }],
    [
      'a text body',
      { kind: 'answered', status: 409, body: 'conflict', attempts: 1, retried: false },
    ],
  ])('is false for %s', (_, outcome) => {
    expect(isAlreadyExists(outcome)).toBe(false);
    expect(existingRecord(outcome)).toBeUndefined();
  });

  it('has no record when meta.existing is missing', () => {
    expect(existingRecord(problem('x/already-exists', {}))).toBeUndefined();
  });
});
