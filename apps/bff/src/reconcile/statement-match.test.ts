import { describe, expect, it } from 'vitest';
import type { JournalSend, ServiceRecord } from './match-types';
import { daysApart, matchStatement } from './statement-match';
import type { StatementLine } from './statement-read';

const AT = '2026-12-01T10:00:00Z';

const send = (n: number, over: Partial<JournalSend> = {}): JournalSend => ({
  journal_id: `j-${n}`,
  operation: 'createInternalTransfer',
  state: 'SUCCEEDED',
  ref_id: `r-${n}`,
  request_path: '/v2/transfer/internal',
  body: { from_profile_id: 'p-a', to_profile_id: 'p-b', asset: 'USD', amount: '1250.00' },
  response: null,
  created_at: AT,
  ...over,
});

/** The debit and credit legs of transfer `n` at the service. */
const legs = (n: number, over: Record<string, unknown> = {}): ServiceRecord[] => [
  {
    record_type: 'transfer',
    record: {
      id: `t-${n}`,
      ref_id: `r-${n}`,
      group_id: `g-${n}`,
      direction: 'DEBIT',
      type: 'INTERNAL_TRANSFER_DEBIT',
      asset: 'USD',
      amount: '1250',
      status: 'COMPLETED',
      created_at: AT,
      ...over,
    },
  },
  {
    record_type: 'transfer',
    record: {
      id: `t-${n}c`,
      group_id: `g-${n}`,
      direction: 'CREDIT',
      type: 'INTERNAL_TRANSFER_CREDIT',
      asset: 'USD',
      amount: '1250',
      status: 'COMPLETED',
      created_at: AT,
      ...over,
    },
  },
];

const line = (n: number, over: Partial<StatementLine> = {}): StatementLine => ({
  line: n,
  date: '2026-12-01',
  amount: '1250.00',
  asset: 'USD',
  direction: 'out',
  reference: `r-${n}`,
  description: null,
  ...over,
});

interface Case {
  name: string;
  lines: StatementLine[];
  sends: JournalSend[];
  records: ServiceRecord[];
  /** The findings' kinds and keys, in order; none: the statement agrees. */
  found: string[];
  matched: number;
}

const CASES: Case[] = [
  {
    name: 'the three agree: 1250.00 on the statement and the journal, 1250 at the service',
    lines: [line(1)],
    sends: [send(1)],
    records: legs(1),
    found: [],
    matched: 1,
  },
  {
    name: 'the service’s transfer id as the reference, or its credit leg’s',
    lines: [line(1, { reference: 't-1' }), line(2, { reference: 't-2c' })],
    sends: [send(1), send(2)],
    records: [...legs(1), ...legs(2)],
    found: [],
    matched: 2,
  },
  {
    name: 'an amount that differs from both sides',
    lines: [line(1, { amount: '1250.01' })],
    sends: [send(1)],
    records: legs(1),
    found: ['amount:t-1'],
    matched: 0,
  },
  {
    name: 'a date at the tolerance’s edge is no difference',
    lines: [line(1, { date: '2026-12-02' })],
    sends: [send(1)],
    records: legs(1),
    found: [],
    matched: 1,
  },
  {
    name: 'a date a day past the tolerance',
    lines: [line(1, { date: '2026-12-03' })],
    sends: [send(1)],
    records: legs(1),
    found: ['date:t-1'],
    matched: 0,
  },
  {
    name: 'a line without a reference matched by asset, amount and date',
    lines: [line(1, { reference: null, date: '2026-11-30' })],
    sends: [send(1)],
    records: legs(1),
    found: [],
    matched: 1,
  },
  {
    name: 'an unknown reference matched by asset, amount and date',
    lines: [line(1, { reference: 'BANK-77' })],
    sends: [send(1)],
    records: legs(1),
    found: ['reference:t-1'],
    matched: 0,
  },
  {
    name: 'an unknown reference alike to nothing',
    lines: [line(1), line(2, { reference: 'BANK-77', amount: '9.99' })],
    sends: [send(1)],
    records: legs(1),
    found: ['reference:line:2'],
    matched: 1,
  },
  {
    name: 'a line without a reference alike to nothing is on the statement only',
    lines: [line(1), line(2, { reference: null, amount: '9.99' })],
    sends: [send(1)],
    records: legs(1),
    found: ['missing_service:line:2'],
    matched: 1,
  },
  {
    name: 'a transfer the statement lacks',
    lines: [line(1)],
    sends: [send(1), send(2)],
    records: [...legs(1), ...legs(2)],
    found: ['missing_statement:t-2'],
    matched: 1,
  },
  {
    name: 'a send the service lacks, on the statement',
    lines: [line(1)],
    sends: [send(1)],
    records: [],
    found: ['missing_service:j-1'],
    matched: 0,
  },
  {
    name: 'a transfer the journal lacks, on the statement',
    lines: [line(1)],
    sends: [],
    records: legs(1),
    found: ['missing_journal:t-1'],
    matched: 0,
  },
  {
    name: 'a deposit is never the journal’s to hold',
    lines: [line(1, { direction: 'in' })],
    sends: [],
    records: [
      {
        record_type: 'transfer',
        record: {
          id: 't-1',
          ref_id: 'r-1',
          type: 'WIRE_DEPOSIT',
          direction: 'CREDIT',
          asset: 'USD',
          amount: '1250',
          created_at: AT,
        },
      },
    ],
    found: [],
    matched: 1,
  },
  {
    name: 'a send the service refused is nothing to look for',
    lines: [],
    sends: [send(1, { state: 'REJECTED' })],
    records: [],
    found: [],
    matched: 0,
  },
  {
    name: 'only the statement’s assets are looked for',
    lines: [line(1)],
    sends: [send(1), send(2, { body: { asset: 'BTC', amount: '1' } })],
    records: [...legs(1), ...legs(2, { asset: 'BTC', amount: '1' })],
    found: [],
    matched: 1,
  },
];

describe('matchStatement', () => {
  it.each(CASES)('$name', ({ lines, sends, records, found, matched }) => {
    const outcome = matchStatement(lines, sends, records);
    expect(outcome.findings.map((f) => f.key)).toEqual(found);
    expect(outcome.matched).toBe(matched);
  });

  it('shows each difference with the three sides, a side it lacks as null', () => {
    const { findings } = matchStatement(
      [line(1, { amount: '1250.50' }), line(2, { reference: 'x', amount: '3' })],
      [send(1)],
      legs(1),
    );
    expect(findings[0]).toMatchObject({
      kind: 'amount',
      line: 1,
      journal: { amount: '1250.00', reference: 'r-1', note: 'SUCCEEDED' },
      service: { amount: '1250', reference: 'r-1', note: 'COMPLETED' },
      statement: { amount: '-1250.50', date: '2026-12-01' },
    });
    expect(findings[1]).toMatchObject({ kind: 'reference', journal: null, service: null });
  });

  it('counts days between UTC days', () => {
    expect(daysApart('2026-12-01', '2026-12-02T23:59:59Z')).toBe(1);
    expect(daysApart('2026-12-03', '2026-12-01T00:00:00Z')).toBe(2);
  });
});
