/**
 * Passkeys in the approval tests (issue 61): one registered through the routes with a software
 * authenticator (test/soft-authenticator.ts), as an operator's browser would. Used by tests only.
 */
import type { Passkey } from '@console/schemas';
import { expect } from 'vitest';
import type { approvalApp } from './approvals-test-kit';
import { softAuthenticator, type SoftAuthenticator } from './soft-authenticator';

/** The console's origin and RP ID as the test app sees them (`app.request()` is localhost). */
export const TEST_RP = { origin: 'http://localhost', rpId: 'localhost' };

type App = Awaited<ReturnType<typeof approvalApp>>;

/** Registers a new software passkey for `who`, named `name`; it is pending. */
export async function registerPasskey(
  h: App,
  who: keyof App['cookies'],
  name: string,
): Promise<[SoftAuthenticator, Passkey]> {
  const auth = softAuthenticator(TEST_RP);
  const options = (await (
    await h.post('/api/passkeys/register/options', h.cookies[who], {})
  ).json()) as { challenge: string };
  const res = await h.post('/api/passkeys/register/verify', h.cookies[who], {
    name,
    response: auth.register(options.challenge),
  });
  expect(res.status).toBe(201);
  return [auth, (await res.json()) as Passkey];
}
