import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleInput } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
  TEST_PASSWORDS,
} from '../../test/harness';
import type { SecurityOptions } from '../security/security-runtime';

function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dist;
}

async function app(security: SecurityOptions = {}) {
  return testApp({
    client: scriptedClient(echoSuccess).client,
    webDist: webDist(),
    security: { sleep: async () => {}, ...security },
  });
}

const HTTPS = 'https://console.example';

describe('security headers', () => {
  it.each([
    ['over HTTP', undefined],
    ['over HTTPS', HTTPS],
  ])('are on a page, an asset, an API answer and an API error %s', async (_, publicOrigin) => {
    const h = await app({ publicOrigin });
    const answers = {
      page: await h.get('/journal'),
      asset: await h.get('/assets/app-abc123.js'),
      api: await h.get('/api/health'),
      error: await h.get('/api/session'),
      missing: await h.get('/api/nothing'),
    };
    expect(answers.api.status).toBe(200);
    expect(answers.error.status).toBe(401);
    for (const [name, res] of Object.entries(answers)) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, name).toContain("script-src 'self'");
      expect(csp, name).toContain("frame-ancestors 'none'");
      expect(csp, name).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
      const hsts = res.headers.get('strict-transport-security');
      if (publicOrigin) expect(hsts, name).toBe('max-age=31536000; includeSubDomains');
      else expect(hsts, name).toBeNull();
    }
    for (const name of ['api', 'error', 'missing'] as const) {
      expect(answers[name].headers.get('cache-control'), name).toBe('no-store');
    }
    expect(answers.asset.headers.get('cache-control')).toContain('immutable');
  });
});

describe('the session cookie', () => {
  const signIn = (h: Awaited<ReturnType<typeof app>>, origin: string) =>
    h.app.request(`${origin}/api/session`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, Origin: origin },
      body: JSON.stringify({ username: 'viewer', password: TEST_PASSWORDS.viewer }),
    });

  it('over HTTP: HttpOnly, SameSite=Strict, Path=/, no Domain, not Secure', async () => {
    const h = await app();
    const cookie = (await signIn(h, 'http://localhost')).headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
  });

  it('over HTTPS: the __Host- name and Secure; only that name is read', async () => {
    const h = await app({ publicOrigin: HTTPS });
    const res = await signIn(h, HTTPS);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^__Host-console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const value = cookie.split(';')[0]!.split('=')[1]!;
    expect((await h.get(`${HTTPS}/api/session`, `__Host-console_session=${value}`)).status).toBe(
      200,
    );
    // The same token under the plain name could have been planted over HTTP: not accepted.
    expect((await h.get(`${HTTPS}/api/session`, `console_session=${value}`)).status).toBe(401);
    // Sign-in from the plain-HTTP origin of the same host is cross-origin for this console.
    expect((await signIn(h, 'http://console.example')).status).toBe(403);
  });
});

describe('limits', () => {
  it('refuse a body over the limit with 413, before anything is read or journaled', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await testApp({ client: scripted.client, security: { bodyLimitBytes: 1024 } });
    const cookie = await h.signIn('finance');
    const res = await h.post('/api/operations/createSvcTransfer', cookie, {
      ...exampleInput('createSvcTransfer'),
      padding: 'x'.repeat(2000),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload-too-large');
    expect(scripted.requests).toHaveLength(0);
    const rows = await h.db.query<{ n: number }>('select count(*)::int as n from journal_entries');
    expect(rows[0]!.n).toBe(0);
  });

  it('limit sends per operator with 429 and Retry-After, the retry route included', async () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const scripted = scriptedClient(() => ({ kind: 'no-answer', error: 'timeout', attempts: 1 }));
    const h = await testApp({
      client: scripted.client,
      security: { sendRatePerMinute: 3, now: () => clock },
    });
    const finance = await h.signIn('finance');
    const send = () =>
      h.post('/api/operations/createSvcTransfer', finance, exampleInput('createSvcTransfer'));
    const first = (await (await send()).json()) as { journal: { id: string } };
    await send();
    await send();
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('20');
    expect(((await limited.json()) as { code: string }).code).toBe('rate-limited');
    const retry = await h.post(`/api/journal/${first.journal.id}/retry`, finance, {});
    expect(retry.status).toBe(429);
    expect(scripted.requests).toHaveLength(3);
    // Another operator has their own allowance; reading is never limited.
    expect(
      (
        await h.post(
          '/api/operations/createSvcTransfer',
          await h.signIn('admin'),
          exampleInput('createSvcTransfer'),
        )
      ).status,
    ).not.toBe(429);
    expect((await h.get('/api/journal', finance)).status).toBe(200);
    clock += 20_000;
    expect((await send()).status).not.toBe(429);
  });

  it('limit reads of the service per operator with 429 and Retry-After, before anything is sent', async () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const scripted = scriptedClient(() => ({
      kind: 'answered',
      status: 200,
      body: { items: [] },
      attempts: 1,
      retried: false,
    }));
    const h = await testApp({
      client: scripted.client,
      security: { readRatePerMinute: 3, now: () => clock },
    });
    const viewer = await h.signIn('viewer');
    const read = () => h.get('/api/svc/v2/orders', viewer);
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('20');
    expect(await limited.json()).toMatchObject({
      code: 'rate-limited',
      detail: 'Too many reads of the service in a short time. Try again in 20 s.',
    });
    expect(scripted.requests).toHaveLength(3);
    // The approval page reads the service again as it is looked at: the same allowance.
    expect((await h.get(`/api/approvals/${randomUUID()}`, viewer)).status).toBe(429);
    // Another operator has their own allowance; the console's own pages are not reads of it.
    expect((await h.get('/api/svc/v2/orders', await h.signIn('admin'))).status).toBe(200);
    expect((await h.get('/api/journal', viewer)).status).toBe(200);
    clock += 20_000;
    expect((await read()).status).toBe(200);
    expect(scripted.requests).toHaveLength(5);
  });
});
