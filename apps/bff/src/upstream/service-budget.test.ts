import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { testDatabases } from '../../test/databases';
import { createCounterStore } from '../security/counter-store';
import {
  createServiceBudget,
  perMinuteOf,
  ServiceBudgetError,
  type ServiceBudget,
} from './service-budget';

describe('the budget of an endpoint', () => {
  it.each([
    ['/v2/transfer/internal', 80, 960],
    ['/oauth2/token', 80, 48],
    ['/v2/profiles/{profile_id}/orders', 80, 2400],
    ['/v2/orders', 50, 1500],
    // Never less than one a minute, else the endpoint could never be asked at all.
    ['/oauth2/token', 1, 1],
  ])('%s at %d %% of the service’s limit: %d a minute', (endpoint, percent, perMinute) => {
    expect(perMinuteOf(endpoint, percent)).toBe(perMinute);
  });

  it.each([0, -5, 84, 100, Number.NaN])('refuses a share of %d %%', (percent) => {
    expect(() => createServiceBudget({} as never, { percent })).toThrow(RangeError);
  });
});

describe.each(testDatabases)('the service budget on $name', (database) => {
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

  /** A budget over `db` (one BFF process) on the test's clock. */
  const budgetOn = (db: Db, percent = 80): ServiceBudget =>
    createServiceBudget(createCounterStore(db, { now: () => clock }), { percent });

  /** How many of `n` takes at once the budget allows, and the refusals it answered. */
  async function takeAtOnce(budgets: ServiceBudget[], path: string, n: number) {
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => budgets[i % budgets.length]!.take(path)),
    );
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    return { allowed: n - refused.length, refused };
  }

  it('allows a minute of the endpoint’s budget at once, then refuses saying when', async () => {
    const budget = budgetOn(opened.db);
    const { allowed, refused } = await takeAtOnce([budget], '/v2/transfer/internal', 1000);
    expect(allowed).toBe(960);
    expect(refused).toHaveLength(40);
    const error = refused[0] as ServiceBudgetError;
    expect(error).toBeInstanceOf(ServiceBudgetError);
    // 16 a second: the next one in 62.5 ms.
    expect(error).toMatchObject({
      code: 'ERR_SERVICE_BUDGET',
      endpoint: '/v2/transfer/internal',
      retryAfterMs: 63,
    });
    expect(error.message).toMatch(/budget of requests to \/v2\/transfer\/internal is spent/);
  });

  it('counts every path of an endpoint together, and each endpoint apart', async () => {
    const budget = budgetOn(opened.db);
    await takeAtOnce([budget], '/oauth2/token', 48);
    await expect(budget.take('/oauth2/token')).rejects.toThrow(ServiceBudgetError);
    // Other profiles, other queries: the same endpoint, one allowance of 2400.
    const orders = await Promise.allSettled(
      Array.from({ length: 2401 }, (_, i) =>
        budget.take(`/v2/profiles/p-${i % 7}/orders?limit=${1 + (i % 50)}`),
      ),
    );
    expect(orders.filter((r) => r.status === 'fulfilled')).toHaveLength(2400);
    // Another endpoint is untouched by both.
    await expect(budget.take('/v2/profiles/p-1/orders/o-1')).resolves.toBeUndefined();
  });

  it('is one budget for every process on the database', async () => {
    const one = budgetOn(opened.db);
    const two = budgetOn(await opened.second());
    const { allowed } = await takeAtOnce([one, two], '/oauth2/token', 100);
    expect(allowed).toBe(48);
    await expect(one.take('/oauth2/token')).rejects.toThrow(ServiceBudgetError);
    await expect(two.take('/oauth2/token')).rejects.toThrow(ServiceBudgetError);
  });

  it('refills evenly: the token endpoint gets 4 more in 5 s at 0.8 a second', async () => {
    const budget = budgetOn(opened.db);
    await takeAtOnce([budget], '/oauth2/token', 48);
    clock += 5_000;
    expect((await takeAtOnce([budget], '/oauth2/token', 10)).allowed).toBe(4);
  });

  it('never lets more through in 5 minutes than the service allows, however hard it is asked', async () => {
    // The token endpoint (1 a second, 300 in 5 minutes), asked 5 times a second from a full
    // allowance: the worst case for the service's 5-minute average.
    const budget = budgetOn(opened.db);
    let allowed = 0;
    for (let second = 0; second < 300; second++) {
      allowed += (await takeAtOnce([budget], '/oauth2/token', 5)).allowed;
      clock += 1_000;
    }
    // 48 at once, then 0.8 a second: 48 + 0.8 × 299 (the last second's refill not yet taken).
    expect(allowed).toBeLessThanOrEqual(300);
    expect(allowed).toBe(48 + Math.floor(0.8 * 299));
  });
});
