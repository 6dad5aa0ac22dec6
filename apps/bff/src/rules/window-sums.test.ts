import type { JournalState } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createApprovalStore } from '../approvals/approval-store';
import { createJournalStore } from '../journal/journal-store';
import { approvedSums, initiatedSums } from './window-sums';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe.each(testDatabases)('window sums from the journal on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from journal_entries');
  });

  /** An entry made `ago` before NOW by `operator`, moved to `state`. */
  async function entry(
    body: Record<string, unknown>,
    ago: number,
    state: JournalState,
    options: { operator?: string; operation?: string } = {},
  ) {
    const journal = createJournalStore(opened.db, () => new Date(NOW - ago));
    const created = await journal.create(
      {
        operation: options.operation ?? 'createInternalTransfer',
        operator: options.operator ?? 'fiona',
        operator_name: 'Fiona',
        ref_id: null,
        method: 'POST',
        request_path: '/v2/transfer/internal',
        request_body: JSON.stringify(body),
        request_id: 'r',
      },
      'AWAITING_APPROVAL',
      opened.db,
    );
    await opened.db.query('update journal_entries set state = $2 where id = $1', [
      created.id,
      state,
    ]);
    return created.id;
  }
  const usd = (amount: string) => ({ asset: 'USD', amount });
  const text = (sums: Awaited<ReturnType<typeof initiatedSums>>) =>
    Object.fromEntries(Object.entries(sums).map(([w, v]) => [w, v.toFixed()]));

  it('sums what left, may have left or may still leave, per window, to the last decimal', async () => {
    await entry(usd('0.1'), 0, 'SUCCEEDED');
    await entry(usd('0.2'), 30 * 60_000, 'SENDING');
    await entry(usd('1000.000000000000000001'), 2 * HOUR, 'UNKNOWN');
    await entry(usd('3'), 25 * HOUR, 'APPROVED');
    await entry(usd('4'), 6 * 24 * HOUR, 'AWAITING_APPROVAL');
    await entry(usd('5'), 7 * 24 * HOUR, 'SUCCEEDED');
    expect(text(await initiatedSums(opened.db, 'fiona', 'USD', NOW))).toEqual({
      '1h': '0.3',
      '24h': '1000.300000000000000001',
      '7d': '1007.300000000000000001',
    });
  });

  it('counts a send in a window until exactly the window’s length has passed since it was made', async () => {
    await entry(usd('1'), HOUR, 'SUCCEEDED');
    await entry(usd('2'), HOUR - 1, 'SUCCEEDED');
    await entry(usd('4'), 24 * HOUR, 'SUCCEEDED');
    await entry(usd('8'), 24 * HOUR - 1, 'SUCCEEDED');
    await entry(usd('16'), 7 * 24 * HOUR - 1, 'SUCCEEDED');
    await entry(usd('32'), 7 * 24 * HOUR, 'SUCCEEDED');
    expect(text(await initiatedSums(opened.db, 'fiona', 'USD', NOW))).toEqual({
      '1h': '2',
      '24h': '11',
      '7d': '31',
    });
  });

  it('an entry whose stored body cannot be read counts nothing, and the others still count', async () => {
    const unreadable = await entry(usd('100'), 0, 'SUCCEEDED');
    const empty = await entry(usd('200'), 0, 'SUCCEEDED');
    await opened.db.query('update journal_entries set request_body = $2 where id = $1', [
      unreadable,
      '{ not json',
    ]);
    await opened.db.query('update journal_entries set request_body = $2 where id = $1', [
      empty,
      'null',
    ]);
    await entry(usd('3'), 0, 'SUCCEEDED');
    expect(text(await initiatedSums(opened.db, 'fiona', 'USD', NOW))).toEqual({
      '1h': '3',
      '24h': '3',
      '7d': '3',
    });
  });

  it('leaves out what moved nothing, a duplicate of a counted intent, other assets, operators and operations', async () => {
    for (const state of ['REJECTED', 'CANCELLED', 'EXPIRED', 'DUPLICATE'] as const) {
      await entry(usd('1'), 0, state);
    }
    await entry({ asset: 'EUR', amount: '1' }, 0, 'SUCCEEDED');
    await entry(usd('1'), 0, 'SUCCEEDED', { operator: 'frank' });
    await entry({ market: 'BTC-USD', quote_amount: '1' }, 0, 'SUCCEEDED', {
      operation: 'createOrder',
    });
    expect(text(await initiatedSums(opened.db, 'fiona', 'USD', NOW))).toEqual({
      '1h': '0',
      '24h': '0',
      '7d': '0',
    });
  });

  it('sums an approver’s approvals from when each was given', async () => {
    const approvals = createApprovalStore(opened.db);
    const approve = async (id: string, ago: number) =>
      approvals.addApproval(opened.db, id, {
        approver: 'frank',
        approver_name: 'Frank',
        body_sha256: 'x',
        request_sha256: 'x',
        approved_at: new Date(NOW - ago).toISOString(),
      });
    await approve(await entry(usd('7'), 3 * 24 * HOUR, 'SUCCEEDED'), 2 * HOUR);
    await approve(await entry(usd('11'), 0, 'APPROVED'), 0);
    await approve(await entry(usd('13'), 0, 'REJECTED'), 0);
    expect(text(await approvedSums(opened.db, 'frank', 'USD', NOW))).toEqual({
      '1h': '11',
      '24h': '18',
      '7d': '18',
    });
  });
});
