import { apiContract, exampleInput } from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient } from '../../test/harness';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

type App = Awaited<ReturnType<typeof approvalApp>>;

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/insights/money-moved', () => {
  let h: App;
  beforeEach(async () => {
    h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: unsignedDefaultPolicy(),
    });
    await h.db.exec('delete from insight_money_entries; delete from insight_money_days');
  });

  it('answers what the service accepted today, to every role but support', async () => {
    for (const amount of ['10.01', '0.02']) {
      const held = await h.submit('createInternalTransfer', transfer(amount));
      expect((await h.approve(held.journal.id, 'finance2')).status).toBe(200);
    }
    await h.submit('createInternalTransfer', transfer('99')); // waits: moved nothing yet
    const path = `/api/insights/money-moved?from=${today()}&to=${today()}`;
    for (const role of ['admin', 'finance', 'viewer'] as const) {
      const res = await h.get(path, h.cookies[role]);
      expect(res.status).toBe(200);
      const body = apiContract.getMoneyMoved.responses[200].parse(await res.json());
      expect(body.days).toEqual([
        expect.objectContaining({
          day: today(),
          operation: 'createInternalTransfer',
          asset: transfer('1').asset,
          amount: '10.03',
          sends: 2,
        }),
      ]);
      expect(body.time_zone).toBe('UTC');
    }
    const refused = await h.get(path, h.cookies.support);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  it.each([
    ['no period', ''],
    ['a day that does not exist', '?from=2026-02-30&to=2026-03-01'],
    ['an end before the start', '?from=2026-03-02&to=2026-03-01'],
    ['more than the longest period', '?from=2026-01-01&to=2026-06-01'],
    ['a parameter it does not take', '?from=2026-03-01&to=2026-03-02&tz=Europe/Paris'],
  ])('answers %s with a problem, not figures', async (_, query) => {
    const res = await h.get(`/api/insights/money-moved${query}`, h.cookies.finance);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(apiContract.getMoneyMoved.problem.safeParse(await res.json()).success).toBe(true);
  });
});
