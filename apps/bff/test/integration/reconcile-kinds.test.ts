/**
 * Every kind of difference made at a real sandbox and found there (issue 64): a send journaled by
 * the console, then what only the service's staff can do to its record (the sandbox's staff
 * controls, `apps/sandbox/src/control/staff-routes.ts`), then a run finds exactly that difference,
 * once, of its kind; a second run of the same period adds no second row. The amount the staff
 * correct, a deposit, a rule's orchestration and another client's transfer are found in
 * `reconcile-sandbox.test.ts`.
 */
import { DEMO_IDS, exampleInput } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { testDatabases } from '../databases';
import { HOUR, period, reconcileSandboxes } from '../reconcile-harness';

const { setUp } = reconcileSandboxes();
const P = DEMO_IDS.profiles;
const sent = exampleInput('createInternalTransfer');

type Setup = Awaited<ReturnType<typeof setUp>>;
type Sent = Record<string, unknown> & { id: string };

interface Case {
  kind: string;
  /** The console's send. */
  send: (s: Setup) => Promise<Sent>;
  /** The staff's change at the service, through the sandbox's control endpoints. */
  change: (s: Setup, record: Sent) => Promise<unknown>;
  /** What the one difference says: its record (none when the service lost it) and both sides. */
  found: (record: Sent) => {
    record_id: string | null;
    journal_value: string | null;
    service_value: string | null;
  };
  /** How far ahead of the sends the runs' clock is. */
  later?: number;
}

const transfer = (s: Setup) => s.transfer('10.00');
const patch = (s: Setup, record: Sent, change: Record<string, unknown>) =>
  s.h.control('PATCH', `/transfers/${record.id}`, change);

const CASES: Case[] = [
  {
    kind: 'absent',
    send: transfer,
    // Sent and taken; then gone from the service's lists and reads, with its credit leg.
    change: async (s, record) => {
      const gone = await s.h.control<{ dropped: string[] }>('DELETE', `/transfers/${record.id}`);
      expect(gone.dropped).toHaveLength(2);
    },
    found: () => ({ record_id: null, journal_value: 'SUCCEEDED', service_value: null }),
  },
  {
    kind: 'status',
    send: transfer,
    // Completed at the service as the console recorded; failed by its staff afterwards.
    change: async (s, record) => {
      await s.h.control('POST', '/clock', { advance_ms: 10_000 });
      const { transfers } = await s.h.control<{ transfers: Sent[] }>('GET', '/state');
      expect(transfers.find((t) => t.id === record.id)?.status).toBe('COMPLETED');
      await patch(s, record, { status: 'FAILED' });
    },
    found: (record) => ({
      record_id: record.id,
      journal_value: 'SUCCEEDED',
      service_value: 'FAILED',
    }),
  },
  {
    kind: 'pending',
    send: transfer,
    // Left pending by the staff: two hours on (past the run's one-hour limit) it still is.
    change: async (s, record) => {
      await patch(s, record, { status: 'PENDING' });
      await s.h.control('POST', '/clock', { advance_ms: 2 * HOUR });
    },
    found: (record) => ({ record_id: record.id, journal_value: null, service_value: 'PENDING' }),
    later: 2 * HOUR,
  },
  {
    kind: 'fills',
    // A market buy, FILLED in the service's answer the journal keeps.
    send: async (s) => {
      const order = await s.send('createOrder');
      expect(order).toMatchObject({ status: 'FILLED', amount_filled: expect.any(String) });
      return order;
    },
    change: async (s, record) => {
      await s.h.control('PATCH', `/orders/${record.id}`, { amount_filled: '0.00012345' });
    },
    found: (record) => ({
      record_id: record.id,
      journal_value: String(record.amount_filled),
      service_value: '0.00012345',
    }),
  },
  {
    kind: 'destination',
    send: transfer,
    change: (s, record) => patch(s, record, { destination_profile_id: P.trading }),
    found: (record) => ({
      record_id: record.id,
      journal_value: sent.to_profile_id as string,
      service_value: P.trading,
    }),
  },
  {
    kind: 'asset',
    send: transfer,
    change: (s, record) => patch(s, record, { asset: 'EUR' }),
    found: (record) => ({
      record_id: record.id,
      journal_value: sent.asset as string,
      service_value: 'EUR',
    }),
  },
  {
    kind: 'profile',
    send: transfer,
    change: (s, record) => patch(s, record, { profile_id: P.trading }),
    found: (record) => ({
      record_id: record.id,
      journal_value: sent.from_profile_id as string,
      service_value: P.trading,
    }),
  },
];

describe.each(testDatabases)(
  'each kind of difference, made by the service staff at the sandbox, on $name',
  (database) => {
    let opened: { db: Db; close(): Promise<void> };
    beforeAll(async () => {
      opened = await database.open();
    });
    afterAll(() => opened.close());

    it.each(CASES.map((c) => [c.kind, c] as const))(
      '%s: found once, and not again by a second run',
      async (kind, c) => {
        const s = await setUp(opened.db);
        const startedAt = Date.now();
        const record = await c.send(s);
        await c.change(s, record);

        const first = s.reconciler('process-a', {}, c.later ?? 0);
        await first.start(period(startedAt), 'fiona');
        expect(await first.turn()).toMatchObject({ opened: 1 });
        const queue = await first.store.list({ status: 'open', limit: 100 });
        expect(queue.map((d) => d.kind)).toEqual([kind]);
        expect(queue[0]).toMatchObject({ ref_id: record.ref_id, ...c.found(record) });

        const second = s.reconciler('process-a', {}, c.later ?? 0);
        await second.start(period(startedAt), 'fiona');
        expect(await second.turn()).toMatchObject({ opened: 0, reopened: 0 });
        expect(await second.store.list({ status: 'open', limit: 100 })).toHaveLength(1);
      },
    );
  },
);
