import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());

describe('List Transfers rules', () => {
  it.each([
    ['ids=a&profile_ids=b', 'profile_ids'],
    ['profile_ids=b&type=CRYPTO_DEPOSIT', 'type'],
    ['ref_ids=r&statuses=PENDING', 'statuses'],
    ['account_ids=a&group_ids=g', 'group_ids'],
    ['updated_at.gte=2026-01-01T00:00:00Z', 'order_by'],
    ['created_at.gte=2026-01-01T00:00:00Z&order_by=UPDATED_AT', 'order_by'],
  ])('refuses %s naming %s', async (query, parameter) => {
    const res = await sbx.send('GET', `/v2/transfer/transfers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.meta?.errors).toEqual([expect.objectContaining({ path: parameter })]);
  });

  it('combines one of those with the time filters', async () => {
    const res = await sbx.send(
      'GET',
      `/v2/transfer/transfers?profile_ids=${P.omnibus}&created_at.gte=2026-01-01T00:00:00Z`,
    );
    expect(res.status).toBe(200);
  });
});
