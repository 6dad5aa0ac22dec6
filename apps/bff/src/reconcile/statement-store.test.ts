import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { JournalSend, ServiceRecord } from './match-types';
import { createReconStore } from './recon-store';
import { createStatementStore } from './statement-store';
import type { StatementLine } from './statement-read';

const FROM = '2026-12-01T00:00:00.000Z';
const TO = '2026-12-02T00:00:00.000Z';
const AT = '2026-12-01T10:00:00.000Z';

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

const send = (n: number): JournalSend => ({
  journal_id: `j-${n}`,
  operation: 'createInternalTransfer',
  state: 'SUCCEEDED',
  ref_id: `r-${n}`,
  request_path: '/v2/transfer/internal',
  body: { asset: 'USD', amount: '1250.00' },
  response: null,
  created_at: AT,
});

const record = (n: number, amount = '1250'): ServiceRecord => ({
  record_type: 'transfer',
  record: {
    id: `t-${n}`,
    ref_id: `r-${n}`,
    direction: 'DEBIT',
    type: 'INTERNAL_TRANSFER_DEBIT',
    asset: 'USD',
    amount,
    status: 'COMPLETED',
    created_at: AT,
  },
});

describe.each(testDatabases)('statements on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });

  const upload = async (source: string, lines: StatementLine[]) => {
    const runId = randomUUID();
    await createReconStore(opened.db).startRun({
      id: runId,
      from: FROM,
      to: TO,
      startedBy: 'frank',
    });
    const store = createStatementStore(opened.db);
    const id = randomUUID();
    await store.create(
      {
        id,
        source,
        file_name: 'dec.csv',
        from: FROM,
        to: TO,
        run_id: runId,
        uploaded_by: 'frank',
        lines,
      },
      { Date: 'date', Amount: 'amount', Currency: 'asset', Ref: 'reference', Payee: '' },
    );
    return { store, id, runId };
  };

  it('keeps the lines and the source’s mapping, and proposes the mapping again', async () => {
    const source = `Custodian ${randomUUID().slice(0, 8)}`;
    const { store, id } = await upload(source, [
      line(1, { description: 'fees' }),
      line(2, { reference: null, direction: null }),
    ]);
    expect(await store.lines(id)).toEqual([
      line(1, { description: 'fees' }),
      line(2, { reference: null, direction: null }),
    ]);
    expect(await store.savedMapping(source)).toMatchObject({ Date: 'date', Payee: '' });
    expect(await store.savedMapping('Nobody')).toBeUndefined();
    expect(await store.get(id)).toMatchObject({
      source,
      state: 'matching',
      lines: 2,
      matched: null,
    });
  });

  it('matches the statements waiting for a run once, each difference kept once with its sides', async () => {
    const { store, id, runId } = await upload('Custodian A', [
      line(1),
      line(2),
      line(9, { reference: 'r-9', amount: '7.00' }),
    ]);
    const sends = [send(1), send(2), send(3)];
    const records = [record(1), record(2, '1250.01'), record(3)];
    expect(await store.matchWaiting(runId, sends, records, {})).toBe(1);
    // A run resumed after a crash matches nothing twice.
    expect(await store.matchWaiting(runId, sends, records, {})).toBe(0);
    expect(await store.get(id)).toMatchObject({ state: 'matched', matched: 1, differences: 3 });
    const differences = await store.differences(id);
    expect(differences.map((d) => [d.kind, d.line])).toEqual([
      ['amount', 2],
      ['reference', 9],
      ['missing_statement', null],
    ]);
    expect(differences[0]).toMatchObject({
      journal: { amount: '1250.00', note: 'SUCCEEDED' },
      service: { amount: '1250.01', note: 'COMPLETED' },
      statement: { amount: '-1250.00', date: '2026-12-01' },
    });
    expect(differences[2]).toMatchObject({ statement: null, record_id: 't-3', journal_id: 'j-3' });
    expect((await store.list(50)).some((s) => s.id === id)).toBe(true);
  });

  it('fails the statements of a run that failed', async () => {
    const { store, id, runId } = await upload('Custodian B', [line(1)]);
    await store.failWaiting(runId);
    expect(await store.get(id)).toMatchObject({ state: 'failed' });
  });
});
