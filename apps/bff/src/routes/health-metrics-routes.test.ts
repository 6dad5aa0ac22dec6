import { describe, expect, it } from 'vitest';
import { echoSuccess, scriptedClient, testApp } from '../../test/harness';

const TOKEN = 'a-metrics-token-for-tests';

describe('health for a load balancer', () => {
  it('is live and ready; ready and /api/health say 503 once a shutdown began', async () => {
    let accepting = true;
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      readiness: { accepting: () => accepting },
    });
    for (const path of ['/api/health', '/api/health/ready', '/api/health/live']) {
      expect((await h.get(path)).status, path).toBe(200);
    }
    accepting = false;
    expect((await h.get('/api/health/live')).status).toBe(200);
    for (const path of ['/api/health', '/api/health/ready']) {
      const res = await h.get(path);
      expect(res.status, path).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'unavailable' });
    }
  });

  it('answers the probes under any host name, while other routes keep the host allowlist', async () => {
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      metrics: { token: TOKEN, render: async () => ({ contentType: 'text/plain', text: 'x 1\n' }) },
    });
    const at = (path: string, headers: Record<string, string> = {}) =>
      h.app.request(`http://10.0.0.7:8080${path}`, { headers });
    expect((await at('/api/health/live')).status).toBe(200);
    expect((await at('/api/health/ready')).status).toBe(200);
    expect((await at('/api/metrics', { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await at('/api/health')).status).toBe(421);
    expect((await at('/api/journal')).status).toBe(421);
  });
});

describe('GET /api/metrics', () => {
  const render = async () => ({
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    text: 'console_sends_total 3\n',
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    expect((await h.get('/api/metrics')).status).toBe(404);
  });

  it('is closed without the bearer token, even to a signed-in admin', async () => {
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      metrics: { token: TOKEN, render },
    });
    const admin = await h.signIn('admin');
    const refused: Record<string, string>[] = [
      { Cookie: admin },
      { Authorization: 'Bearer wrong-token-of-any-length' },
      { Authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await h.app.request('/api/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.text()).not.toContain('console_sends_total');
    }
    const res = await h.app.request('/api/metrics', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('console_sends_total 3\n');
  });

  it('answers 503, never 500, when the metrics cannot be collected', async () => {
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      metrics: { token: TOKEN, render: () => Promise.reject(new Error('timed out')) },
    });
    const res = await h.app.request('/api/metrics', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'unavailable' });
  });
});
