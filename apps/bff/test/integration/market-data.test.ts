import { ROLES, type ReadAnswer } from '@console/schemas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

// One page, many operators (issue 34): public market data costs the service one read per
// market and second, however many sessions show it.
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
beforeAll(async () => {
  h = await sandboxHarness({ alg: 'EdDSA', secrets });
});
afterAll(() => h.close());

const served = async (path: string) =>
  (await h.log()).requests.filter((r) => r.path.startsWith(path)).length;

it('twenty signed-in sessions reading two tickers at once cost the service one read of each', async () => {
  const sessions = await Promise.all(
    Array.from({ length: 20 }, (_, i) => h.signIn(ROLES[i % ROLES.length]!)),
  );
  const read = (cookie: string, market: string) =>
    h.app.request(`/api/svc/v2/markets/${market}/ticker`, { headers: { Cookie: cookie } });
  const answers = await Promise.all(
    sessions.flatMap((cookie) => [read(cookie, 'BTCUSD'), read(cookie, 'ETHUSD')]),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
  const bodies = (await Promise.all(answers.map((a) => a.json()))) as ReadAnswer[];
  // Every page is told when the copy it shows was fetched.
  for (const body of bodies) expect(Date.parse(body.fetched_at ?? '')).not.toBeNaN();
  expect(await served('/v2/markets/BTCUSD/ticker')).toBe(1);
  expect(await served('/v2/markets/ETHUSD/ticker')).toBe(1);

  // Two seconds on (as long as a page waits between looks), the copy is stale: one more read, for
  // all of them again.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  await Promise.all(sessions.map((cookie) => read(cookie, 'BTCUSD')));
  expect(await served('/v2/markets/BTCUSD/ticker')).toBe(2);
});

it('sends market data without a token or a signature, and other reads with both', async () => {
  const cookie = await h.signIn('viewer');
  await h.app.request('/api/svc/v2/markets', { headers: { Cookie: cookie } });
  await h.app.request('/api/svc/v2/profiles?limit=1', { headers: { Cookie: cookie } });
  const requests = (await h.log()).requests;
  const market = requests.filter((r) => r.path === '/v2/markets').at(-1)!;
  const profiles = requests.filter((r) => r.path.startsWith('/v2/profiles?')).at(-1)!;
  expect(market).toMatchObject({ status: 200, client_id: null, signature: null });
  expect(market.headers).not.toHaveProperty('authorization');
  expect(profiles.client_id).not.toBeNull();
  expect(profiles.headers).toHaveProperty('authorization');
  expect(profiles.signature).toMatchObject({ verified: true });
});
