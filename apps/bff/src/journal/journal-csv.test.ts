import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '@console/schemas';
import { CSV_COLUMNS, csvHeader, csvRow } from './journal-csv';

describe('the journal’s CSV header', () => {
  it('has a CRLF-terminated header naming every column', () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('CSV rows', () => {
  const entry: JournalEntry = {
    id: 'j1',
    operation: 'createInternalTransfer',
    operator: 'fiona',
    operator_name: 'Fiona Finance',
    ref_id: 'ref-1',
    state: 'SUCCEEDED',
    method: 'POST',
    request_path: '/v2/transfer/internal',
    request_body: '{"from_profile_id":"p1","to_profile_id":"p2","asset":"USD","amount":"1234.50"}',
    body_sha256: 'abc',
    attempts: 1,
    response_status: 200,
    response: { id: 't1', status: 'PENDING' },
    error: null,
    request_id: 'req-1',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:01.000Z',
    policy_version: null,
  };

  it('leads with flat columns an operator filters and sums on, and ends with the raw JSON', () => {
    expect(CSV_COLUMNS.slice(0, 10)).toEqual([
      'operation',
      'state',
      'operator',
      'time',
      'ref_id',
      'amount',
      'asset',
      'profile',
      'service_status',
      'record_id',
    ]);
    expect(CSV_COLUMNS.slice(-2)).toEqual(['request_body', 'response']);
    const cells = parseCsvLine(csvRow(entry));
    expect(cells).toHaveLength(CSV_COLUMNS.length);
    expect(cells.slice(0, 10)).toEqual([
      'createInternalTransfer',
      'SUCCEEDED',
      'fiona',
      '2026-11-22T10:00:00.000Z',
      'ref-1',
      '1234.50',
      'USD',
      'p1',
      'PENDING',
      't1',
    ]);
    expect(JSON.parse(cells.at(-1)!)).toEqual({ id: 't1', status: 'PENDING' });
  });
});

/** One RFC 4180 line, enough for these cells (no line breaks inside). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const text = line.replace(/\r\n$/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}
