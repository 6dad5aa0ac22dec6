import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { countingStatements, testDatabases } from '../../test/databases';
import { createCounterStore } from './counter-store';
import { createOperatorRateLimit, type OperatorRateKind } from './operator-rate-limit';

describe.each(testDatabases)(
  'the operator rate limits under concurrent requests on $name',
  (database) => {
    let opened: Awaited<ReturnType<typeof database.open>>;
    let clock: number;
    beforeAll(async () => {
      opened = await database.open();
    });
    afterAll(async () => {
      await opened.close();
    });
    beforeEach(async () => {
      clock = Date.parse('2026-11-25T10:00:00Z');
      await opened.db.exec('delete from security_counters');
    });

    /** A limit over `db` whose statements are counted. */
    function limitOn(db: Db, perMinute: number, kind: OperatorRateKind = 'send') {
      const { db: counted, seen } = countingStatements(db);
      const limit = createOperatorRateLimit(createCounterStore(counted, { now: () => clock }), {
        kind,
        perMinute,
      });
      return { limit, seen };
    }

    it('allows exactly the allowance of many sends at once, in the order they came', async () => {
      // 5 a minute: one every 12 s, a burst of 5.
      const { limit, seen } = limitOn(opened.db, 5);
      const decisions = await Promise.all(Array.from({ length: 8 }, () => limit.take('ada')));
      expect(decisions).toEqual([
        ...Array.from({ length: 5 }, () => ({ ok: true })),
        ...Array.from({ length: 3 }, () => ({ ok: false, retryAfterMs: 12_000 })),
      ]);
      // All eight in one statement.
      expect(seen.statements).toBe(1);
      clock += 12_000;
      expect(await limit.take('ada')).toEqual({ ok: true });
      expect(await limit.take('ada')).toEqual({ ok: false, retryAfterMs: 12_000 });
    });

    it('counts each operator apart within one batch', async () => {
      const { limit } = limitOn(opened.db, 2);
      const names = ['ada', 'bob', 'ada', 'bob', 'ada', 'cy'];
      const decisions = await Promise.all(names.map((name) => limit.take(name)));
      expect(decisions.map((d) => d.ok)).toEqual([true, true, true, true, false, true]);
    });

    it('counts an operator’s reads apart from their sends, each with its own allowance', async () => {
      const sends = limitOn(opened.db, 2, 'send').limit;
      const reads = limitOn(opened.db, 3, 'read').limit;
      const decisions = await Promise.all([
        ...Array.from({ length: 4 }, () => reads.take('ada')),
        ...Array.from({ length: 3 }, () => sends.take('ada')),
      ]);
      expect(decisions.map((d) => d.ok)).toEqual([true, true, true, false, true, true, false]);
      // 3 reads a minute: the next one in 20 s.
      expect(decisions[3]).toEqual({ ok: false, retryAfterMs: 20_000 });
      // 2 sends a minute: the next one in 30 s.
      expect(decisions[6]).toEqual({ ok: false, retryAfterMs: 30_000 });
      clock += 30_000;
      expect(await reads.take('ada')).toEqual({ ok: true });
      expect(await sends.take('ada')).toEqual({ ok: true });
    });

    it('is the limit of all processes together, taken at once from two', async () => {
      const one = limitOn(opened.db, 4).limit;
      const two = limitOn(await opened.second(), 4).limit;
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).take('ada')),
      );
      expect(decisions.filter((d) => d.ok)).toHaveLength(4);
    });
  },
);
