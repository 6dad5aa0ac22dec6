import type { SecurityEventPage } from '@console/schemas';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
  sharedDb,
  TEST_PASSWORDS,
} from '../../test/harness';
import { createSecurityEventStore } from '../security/security-events';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

type Harness = Awaited<ReturnType<typeof testApp>>;

/** A wrong password long enough to be checked (passwords have at least 12 characters). */
const WRONG = 'wrong-password-1';

describe('sign-in abuse', () => {
  let h: Harness;
  let clock: number;
  let waits: number[];
  const attempt = (username: string, password: string, forwardedFor = '192.0.2.1') =>
    h.app.request('/api/session', {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ username, password }),
    });
  const eventRows = async () =>
    (await h.db.query<{ n: number }>('select count(*)::int as n from security_events'))[0]!.n;

  beforeEach(async () => {
    clock = Date.parse('2026-01-01T10:00:00Z');
    waits = [];
    h = await testApp({
      client: scriptedClient(echoSuccess).client,
      // Events are counted per minute of this clock, not the machine's: a flood that crossed a
      // minute of wall-clock time made twice the rows.
      securityEvents: createSecurityEventStore(await sharedDb(), { now: () => new Date(clock) }),
      security: {
        now: () => clock,
        sleep: async (ms) => void waits.push(ms),
        sendRatePerMinute: 1000,
        trustProxy: true,
      },
    });
  });

  it('(1) 150 concurrent guesses: the limit holds, and a right password after it never signs in', async () => {
    const passwords = Array.from({ length: 150 }, (_, i) =>
      i >= 140 ? TEST_PASSWORDS.finance : `${WRONG}-${i}`,
    );
    const answers = await Promise.all(passwords.map((p) => attempt('finance', p)));
    const statuses = answers.map((res) => res.status);
    // Only the first five are checked at all; the right passwords come after them.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(statuses.filter((s) => s === 429)).toHaveLength(145);
    expect(answers.every((res) => res.headers.get('set-cookie') === null)).toBe(true);
    // Locked afterwards: the right password from the same source is refused.
    expect((await attempt('finance', TEST_PASSWORDS.finance)).status).toBe(429);
  });

  it('(1) the per-address limit holds under concurrency too', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(`user-${i}`, WRONG, '203.0.113.50')),
    );
    expect(answers.filter((res) => res.status === 401)).toHaveLength(20);
    expect((await attempt('viewer', TEST_PASSWORDS.viewer, '203.0.113.50')).status).toBe(429);
  });

  it('(2) guessing from one source locks that source out of the account, not its owner', async () => {
    for (let i = 0; i < 12; i += 1) await attempt('finance', `${WRONG}-${i}`, '203.0.113.9');
    expect((await attempt('finance', TEST_PASSWORDS.finance, '203.0.113.9')).status).toBe(429);
    // The owner, from their own address, signs in at once.
    expect((await attempt('finance', TEST_PASSWORDS.finance, '198.51.100.7')).status).toBe(200);
  });

  it('(2) failures of one username from many sources slow every answer down, growing', async () => {
    for (let i = 0; i < 8; i += 1) await attempt('support', WRONG, `10.2.0.${i}`);
    expect(waits).toEqual([0, 250, 500, 1000, 2000, 2000, 2000, 2000]);
    // Slowed, never locked: the owner still gets in.
    expect((await attempt('support', TEST_PASSWORDS.support, '10.3.0.1')).status).toBe(200);
  });

  it(
    '(5) a flood of failed sign-ins makes a bounded number of rows, counted',
    { timeout: 240_000 },
    async () => {
      for (let i = 0; i < 600; i += 1) await attempt('finance', `${WRONG}-${i}`, '203.0.113.77');
      for (let i = 0; i < 400; i += 1)
        await attempt(`nobody-${i}`, WRONG, `198.18.${i >> 8}.${i & 255}`);
      expect(await eventRows()).toBeLessThanOrEqual(110);
      const admin = await h.signIn('admin');
      const page = (await (
        await h.get('/api/security-events?limit=500', admin)
      ).json()) as SecurityEventPage;
      const total = page.items
        .filter((e) => e.kind !== 'sign-in')
        .reduce((sum, e) => sum + (e as { count?: number }).count!, 0);
      // Every attempt is still counted: the failures and refusals add up to the 1000 attempts
      // (plus one lock event per lock).
      expect(total).toBeGreaterThanOrEqual(1000);
    },
  );

  it('(5) a password typed as a username is never stored as typed', async () => {
    const typed = 'Tr0ub4dor&3-correct-horse';
    await attempt(typed, WRONG);
    await attempt(typed, WRONG);
    const rows = await h.db.query<Record<string, unknown>>('select * from security_events');
    expect(JSON.stringify(rows)).not.toContain(typed);
    expect(JSON.stringify(rows)).not.toContain(typed.slice(0, 8));
    // Nor in the counters the throttle keeps.
    const counters = JSON.stringify(await h.db.query('select * from security_counters'));
    expect(counters).not.toContain(typed.toLowerCase().slice(0, 8));
    const failed = rows.filter((r) => r.kind === 'sign-in-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.username).toMatch(/^unknown:[0-9a-f]{12}$/);
    expect(Number(failed[0]!.count)).toBe(2);
  });
});

describe('password bounds (4)', () => {
  it('refuse a password under 12 or over 1024 characters at sign-in, before any check', async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    for (const password of ['short-pw', 'x'.repeat(1025), 'x'.repeat(5000)]) {
      const res = await h.app.request('/api/session', {
        method: 'POST',
        headers: BROWSER_HEADERS,
        body: JSON.stringify({ username: 'finance', password }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: { path: string }[] };
      expect(body.errors.map((e) => e.path)).toEqual(['password']);
    }
    // Nothing was counted against the account: bounds are not guesses.
    const events = await h.db.query('select 1 from security_events');
    expect(events).toHaveLength(0);
  });
});
