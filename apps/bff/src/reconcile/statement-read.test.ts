import { describe, expect, it } from 'vitest';
import { dayOf, mappingFor, proposeMapping, readStatement } from './statement-read';

const MAPPING = {
  'Booking date': 'date',
  Amount: 'amount',
  Currency: 'asset',
  Reference: 'reference',
  Counterparty: '',
} as const;

describe('readStatement', () => {
  it.each([
    {
      name: 'a signed amount with group marks, and an unmapped column never read',
      text: 'Booking date,Amount,Currency,Reference,Counterparty\n2026-12-01,"-1,250.00",usd,r-1,Jane Doe\n',
      lines: [
        {
          line: 1,
          date: '2026-12-01',
          amount: '1250.00',
          asset: 'USD',
          direction: 'out',
          reference: 'r-1',
          description: null,
        },
      ],
      errors: [],
    },
    {
      name: 'a bad date and a bad amount, named by row and column',
      text: 'Booking date,Amount,Currency,Reference,Counterparty\n01/12/2026,12x,USD,,\n2026-12-02,5,USD,,\n',
      lines: [
        {
          line: 2,
          date: '2026-12-02',
          amount: '5',
          asset: 'USD',
          direction: null,
          reference: null,
          description: null,
        },
      ],
      errors: [
        { row: 1, column: 'Booking date', message: expect.stringContaining('Not a date') },
        { row: 1, column: 'Amount', message: expect.stringContaining('Not an amount') },
      ],
    },
  ])('$name', ({ text, lines, errors }) => {
    const read = readStatement(text, MAPPING);
    expect(read.lines).toEqual(lines);
    expect(read.errors).toEqual(errors);
    expect(JSON.stringify(read.lines)).not.toContain('Jane');
  });

  it('says which required field has no column', () => {
    const read = readStatement('Booking date,Amount\n2026-12-01,1\n', {
      'Booking date': 'date',
      Amount: 'amount',
    });
    expect(read.unmapped).toEqual(['asset']);
    expect(read.lines).toEqual([]);
  });

  it('refuses what the batches refuse: a file of more columns than a batch holds', () => {
    const header = Array.from({ length: 70 }, (_, i) => `c${i}`).join(',');
    expect(readStatement(`${header}\n`).file_errors).toHaveLength(1);
  });

  it('reads the direction column', () => {
    const read = readStatement(
      'date,amount,asset,direction\n2026-12-01,5,USD,Credit\n2026-12-01,5,USD,sideways\n',
    );
    expect(read.lines.map((l) => l.direction)).toEqual(['in']);
    expect(read.errors).toEqual([{ row: 2, column: 'direction', message: expect.any(String) }]);
  });
});

describe('mappings', () => {
  it('proposes the columns by name, and a saved mapping for the columns still there', () => {
    expect(proposeMapping(['Date', 'Amount', 'Currency', 'Ref', 'Payee'])).toEqual({
      Date: 'date',
      Amount: 'amount',
      Currency: 'asset',
      Ref: 'reference',
      Payee: '',
    });
    expect(mappingFor(['Booked', 'Sum'], { Booked: 'date', Sum: 'amount', Gone: 'asset' })).toEqual(
      {
        Booked: 'date',
        Sum: 'amount',
      },
    );
  });

  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026-12-01T23:30:00-02:00', '2026-12-02'],
    ['2026-02-30', undefined],
    ['1.12.2026', undefined],
  ])('reads %s as the day %s', (text, day) => {
    expect(dayOf(text)).toBe(day);
  });
});
