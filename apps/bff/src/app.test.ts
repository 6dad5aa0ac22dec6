import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalStore } from './journal/journal-store';
import { echoSuccess, scriptedClient, testApp } from '../test/harness';

describe('the app', () => {
  it('is ready only when the database answers', async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    expect((await h.get('/api/health')).status).toBe(200);
    const down = await testApp({
      client: scriptedClient(echoSuccess).client,
      journal: { ...h.deps.journal, ping: () => Promise.reject(new Error('down')) } as JournalStore,
    });
    const res = await down.get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answers an unexpected error with a 500 problem and a request id, the details only in the log', async () => {
    const h0 = await testApp({ client: scriptedClient(echoSuccess).client });
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      journal: {
        ...h0.deps.journal,
        seenBy: () => ({
          get: () => Promise.resolve(undefined),
          list: () => Promise.reject(new Error('relation xyz is broken')),
        }),
      } as JournalStore,
    });
    const res = await h.get('/api/journal', await h.signIn('viewer'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('xyz');
    const body = JSON.parse(text) as { code: string; request_id: string };
    expect(body.code).toBe('internal');
    expect(
      h.lines.some(
        (line) => line.includes('relation xyz is broken') && line.includes(body.request_id),
      ),
    ).toBe(true);
  });

  it('writes one log line per request with who, what and how long', async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    const cookie = await h.signIn('finance');
    const res = await h.post('/api/operations/createSvcTransfer', cookie, {
      from_profile_id: 'a',
      to_profile_id: 'b',
      asset: 'ETH',
      amount: '0.5',
    });
    const requestId = res.headers.get('x-request-id');
    const line = h.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.request_id === requestId);
    expect(line).toMatchObject({
      msg: 'request',
      status: 200,
      operator: 'finance',
      operation: 'createSvcTransfer',
      ref_id: expect.any(String),
      duration_ms: expect.any(Number),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the built SPA: hashed assets cached for a year, index.html not cached, SPA fallback', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const h = await testApp({ client: scriptedClient(echoSuccess).client, webDist: dist });
    const asset = await h.get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/journal/123']) {
      const page = await h.get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>console</title>');
    }
    expect((await h.get('/assets/missing.js')).status).toBe(404);
    const api = await h.get('/api/nothing');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toBe('application/problem+json');
  });
});
