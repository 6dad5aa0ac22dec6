import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

// Tokens that live 2 s are renewed a second after they are issued, so a test can read while a
// renewal is due without waiting for a real token's hour.
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
beforeAll(async () => {
  h = await sandboxHarness({
    alg: 'EdDSA',
    secrets,
    configure: (config) => ({ ...config, token_ttl_seconds: 2 }),
  });
});
afterAll(() => h.close());

const SCOPE = 'funding:read_profile';
const tokenRequests = async () =>
  (await h.log()).token_requests.filter((t) => t.scope === SCOPE).length;

it('reads arriving while the token is being renewed share one renewal: no second token', async () => {
  const cookie = await h.signIn('viewer');
  const read = () => h.app.request('/api/svc/v2/profiles?limit=2', { headers: { Cookie: cookie } });
  expect((await read()).status).toBe(200);
  expect(await tokenRequests()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const answers = await Promise.all(Array.from({ length: 8 }, read));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  expect(await tokenRequests()).toBe(2);
});
