import type { SecurityEventPage } from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  sharedDb,
  testApp,
  TEST_PASSWORDS,
} from '../../test/harness';
import { createSecurityEventStore } from '../security/security-events';

type Harness = Awaited<ReturnType<typeof testApp>>;

/** Wrong, and long enough to be checked (passwords have 12 to 1024 characters). */
const WRONG = 'wrong-password';

describe('failed sign-ins', () => {
  let h: Harness;
  let clock: number;
  let waits: number[];
  const attempt = (username: string, password: string, forwardedFor?: string) =>
    h.app.request('/api/session', {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
      body: JSON.stringify({ username, password }),
    });
  const events = async () => {
    const res = await h.get('/api/security-events?limit=500', await h.signIn('admin'));
    return ((await res.json()) as SecurityEventPage).items;
  };

  beforeEach(async () => {
    clock = Date.parse('2026-01-01T10:00:00Z');
    waits = [];
    h = await testApp({
      client: scriptedClient(echoSuccess).client,
      // Failures are counted per minute of this clock, not the machine's (a minute turning
      // mid-test would split a count over two rows).
      securityEvents: createSecurityEventStore(await sharedDb(), { now: () => new Date(clock) }),
      security: {
        now: () => clock,
        sleep: async (ms) => void waits.push(ms),
        sendRatePerMinute: 1000,
        trustProxy: true,
      },
    });
  });

  it('slow down, then lock the username for 15 minutes, even the right password', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('finance', WRONG)).status).toBe(401);
    expect(waits).toEqual([0, 250, 500, 1000, 2000]);
    const locked = await attempt('finance', TEST_PASSWORDS.finance);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60);
    expect(((await locked.json()) as { code: string }).code).toBe('sign-in-locked');
    expect(locked.headers.get('set-cookie')).toBeNull();

    clock += 14 * 60_000;
    expect((await attempt('finance', TEST_PASSWORDS.finance)).status).toBe(429);
    clock += 60_000;
    expect((await attempt('finance', TEST_PASSWORDS.finance)).status).toBe(200);
  });

  it('lock an unknown username exactly like a real one: the answers do not tell them apart', async () => {
    const answers = async (username: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await attempt(username, WRONG, `10.0.0.${username.length}`);
        const body = (await res.json()) as Record<string, unknown>;
        out.push({
          status: res.status,
          retry: res.headers.get('retry-after'),
          ...body,
          request_id: 0,
        });
      }
      return out;
    };
    expect(await answers('nobody-here')).toEqual(await answers('finance'));
  });

  it('lock a client address that guesses across usernames, not the others', async () => {
    for (let i = 0; i < 20; i += 1) await attempt(`user-${i}`, WRONG, '203.0.113.9');
    expect((await attempt('viewer', TEST_PASSWORDS.viewer, '203.0.113.9')).status).toBe(429);
    expect((await attempt('viewer', TEST_PASSWORDS.viewer, '198.51.100.1')).status).toBe(200);
  });

  it('count from the first failure: a good sign-in clears the username', async () => {
    for (let i = 0; i < 4; i += 1) await attempt('support', WRONG, '10.1.1.1');
    expect((await attempt('support', TEST_PASSWORDS.support, '10.1.1.1')).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await attempt('support', WRONG, '10.1.1.2');
    expect((await attempt('support', TEST_PASSWORDS.support, '10.1.1.2')).status).toBe(200);
  });

  it('are journaled as security events, which only an admin reads', async () => {
    for (let i = 0; i < 6; i += 1) await attempt('finance', WRONG, '192.0.2.5');
    const list = await events();
    const kinds = list.filter((e) => e.username === 'finance').map((e) => e.kind);
    // Failures are one row per username, source and minute, counted.
    expect(list.find((e) => e.username === 'finance' && e.kind === 'sign-in-failed')?.count).toBe(
      5,
    );
    expect(kinds).toContain('sign-in-locked');
    expect(kinds).toContain('sign-in-refused');
    expect(list.find((e) => e.kind === 'sign-in-locked')).toMatchObject({
      client_address: '192.0.2.5',
      detail: 'locked: username and source',
    });
    expect(list.find((e) => e.kind === 'sign-in' && e.username === 'admin')).toBeDefined();
    const text = JSON.stringify(list);
    expect(text).not.toContain(WRONG);
    expect(text).not.toContain(TEST_PASSWORDS.admin);
    for (const role of ['support', 'viewer'] as const) {
      expect((await h.get('/api/security-events', await h.signIn(role))).status).toBe(403);
    }
  });

  it('use X-Forwarded-For only from a trusted proxy', async () => {
    const untrusted = await testApp({
      client: scriptedClient(echoSuccess).client,
      security: { sleep: async () => {} },
    });
    for (let i = 0; i < 20; i += 1) {
      await untrusted.app.request('/api/session', {
        method: 'POST',
        headers: { ...BROWSER_HEADERS, 'X-Forwarded-For': `10.9.9.${i}` },
        body: JSON.stringify({ username: `u${i}`, password: WRONG }),
      });
    }
    // Twenty addresses claimed, one address seen: the one address is locked.
    const res = await untrusted.app.request('/api/session', {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, 'X-Forwarded-For': '10.9.9.99' },
      body: JSON.stringify({ username: 'viewer', password: TEST_PASSWORDS.viewer }),
    });
    expect(res.status).toBe(429);
  });
});
