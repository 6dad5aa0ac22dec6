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
  ['a decimal string against a JSON number', { amount: '1.50' }, {}, { amount: 1.5 }, false],
  ['a JSON number against a decimal string', { amount: 1.5 }, {}, { amount: '1.50' }, false],
  ['a decimal against text', { amount: '1.5' }, {}, { amount: 'n/a' }, false],
  ['text against a decimal', { amount: 'n/a' }, {}, { amount: '1.5' }, false],
  ['a dot on the intent side alone', { amount: '2.00' }, {}, { amount: '2' }, true],
  ['a dot on the record side alone', { amount: '2' }, {}, { amount: '2.000' }, true],
  ['equal decimals of another value', { amount: '2.001' }, {}, { amount: '2.01' }, false],
  ['leading zeros without a dot are identifiers', { id: '0042' }, {}, { id: '42' }, false],
  ['leading zeros with a dot are decimals', { amount: '0042.0' }, {}, { amount: '42' }, true],
  [
    'a member the intent leaves undefined',
    { note: undefined, ref_id: 'r' },
    {},
    { note: 'x', ref_id: 'r' },
    true,
  ],
  ['a member the record holds as undefined', { note: 'x' }, {}, { note: undefined }, true],
  [
    'a member named like an Object method',
    { constructor: 'x', ref_id: 'r' },
    {},
    { ref_id: 'r' },
    true,
  ],
  ['arrays differing in one element', { list: ['1', 'x'] }, {}, { list: ['1', 'y'] }, false],
  ['arrays differing in the first element', { list: ['0', 'x'] }, {}, { list: ['1', 'x'] }, false],
  ['a longer array', { list: ['1', '2'] }, {}, { list: ['1'] }, false],
  ['an array where the record has text', { list: ['a', 'b'] }, {}, { list: 'ab' }, false],
  [
    'an array where the record has an object',
    { list: ['a'] },
    {},
    { list: { 0: 'a', length: 1 } },
    false,
  ],
  ['an array where the record has null', { list: ['a'] }, {}, { list: null }, false],
  ['empty arrays', { list: [] }, {}, { list: [] }, true],
  [
    'arrays of objects',
    { legs: [{ amount: '1.0' }] },
    {},
    { legs: [{ amount: '1', id: 'l' }] },
    true,
  ],
  [
    'an object where the record has an array',
    { metadata: { 0: 'a' } },
    {},
    { metadata: ['a'] },
    false,
  ],
  ['an object where the record has null', { metadata: { a: '1' } }, {}, { metadata: null }, false],
  [
    'date-times by instant across offsets',
    { at: '2026-01-01T01:00:00+01:00' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    true,
  ],
  [
    'date-times with an offset without a colon',
    { at: '2026-01-01T01:00+0100' },
    {},
    { at: '2026-01-01T00:00:00.000z' },
    true,
  ],
  [
    'date-times one millisecond apart',
    { at: '2026-01-01T00:00:00.001Z' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'a date-time against Unix milliseconds',
    { at: '2026-01-01T00:00:00Z' },
    {},
    { at: '1767225600000' },
    true,
  ],
  [
    'two equal Unix millisecond strings',
    { at: '1767225600000' },
    {},
    { at: '1767225600000' },
    true,
  ],
  [
    'a date without a time is not an instant',
    { at: '2026-01-01' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'a date-time without an offset is not an instant',
    { at: '2026-01-01T00:00:00' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'a date-time with a trailing word',
    { at: '2026-01-01T00:00:00Z later' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'a date-time after a word',
    { at: 'since 2026-01-01T00:00:00Z' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'twelve digits are not Unix milliseconds',
    { at: '176722560000' },
    {},
    { at: '1975-08-08T09:36:00Z' },
    false,
  ],
  [
    'fourteen digits are not Unix milliseconds',
    { at: '01767225600000' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'Unix milliseconds with a space are not',
    { at: ' 1767225600000' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  [
    'Unix milliseconds with a fraction are not',
    { at: '1767225600000.0' },
    {},
    { at: '2026-01-01T00:00:00Z' },
    false,
  ],
  ['a date-time against text', { at: '2026-01-01T00:00:00Z' }, {}, { at: 'soon' }, false],
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
      existing: { id: 'x', ref_id: 'r-1' },
    });
    expect(isAlreadyExists(outcome)).toBe(true);
    expect(existingRecord(outcome)).toStrictEqual({ id: 'x', ref_id: 'r-1' });
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

  it.each<[string, unknown]>([
    ['meta.existing is missing', {}],
    ['meta is missing', undefined],
    ['meta is null', null],
    ['meta is text', 'existing'],
    ['meta is a list', [{ existing: { id: 'x' } }]],
    ['meta.existing is text', { existing: 'the same transfer' }],
    ['meta.existing is a list', { existing: [{ id: 'x' }] }],
    ['meta.existing is null', { existing: null }],
    ['meta.existing is a number', { existing: 7 }],
    ['meta.existing is empty', { existing: {} }],
    ['meta.existing names no ref_id', { existing: { id: 'x', amount: '1.50' } }],
  ])('has no record to compare when %s', (_, meta) => {
    const outcome = problem('x/already-exists', meta);
    expect(isAlreadyExists(outcome)).toBe(true);
    expect(existingRecord(outcome)).toBeUndefined();
  });

  it.each<[string, UpstreamOutcome]>([
    [
      'another 409 type',
      problem('https://svc.example/problems/conflict', { existing: { id: 'x', ref_id: 'r-1' } }),
    ],
    [
      'a 400 with that type',
      {
        ...problem('x/already-exists', { existing: { id: 'x', ref_id: 'r-1' } }),
        status: 400,
      } as UpstreamOutcome,
    ],
    [
      'a type that is not text',
      {
        kind: 'answered',
        status: 409,
        body: { type: 7, meta: { existing: { id: 'x', ref_id: 'r-1' } } },
        attempts: 2,
        retried: true,
      },
    ],
    ['an empty body', { kind: 'answered', status: 409, body: null, attempts: 2, retried: true }],
    [
      'a list body',
      {
        kind: 'answered',
        status: 409,
        body: [{ type: 'x/already-exists' }],
        attempts: 2,
        retried: true,
      },
    ],
  ])('takes no record from %s, even one that names a ref_id', (_, outcome) => {
    expect(isAlreadyExists(outcome)).toBe(false);
    expect(existingRecord(outcome)).toBeUndefined();
  });
});
