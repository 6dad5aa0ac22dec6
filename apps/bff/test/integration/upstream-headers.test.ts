import { exampleInput } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_HEADERS } from '../harness';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/** What the BFF itself sends to the service: its allowlist. */
const ALLOWED = [
  'accept',
  'authorization',
  'content-type',
  'svc-signature',
  'user-agent',
  'x-request-id',
];
/** What Node's fetch adds on its own for transport. */
const TRANSPORT = [
  'accept-encoding',
  'accept-language',
  'connection',
  'content-length',
  'host',
  'sec-fetch-mode',
];

describe('headers to the service', () => {
  const secrets: RunSecrets = { values: new Set(), tokens: 0 };
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it('are built from an allowlist: nothing of the browser’s request passes through', async () => {
    const h = await sandboxHarness({ alg: 'EdDSA', secrets });
    close = h.close;
    const cookie = await h.signIn('finance');
    const res = await h.app.request('/api/operations/createSvcTransfer', {
      method: 'POST',
      headers: {
        ...BROWSER_HEADERS,
        Cookie: `${cookie}; tracking=abc`,
        Authorization: 'Bearer browser-supplied-token',
        'X-Forwarded-For': '203.0.113.7',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
        Forwarded: 'for=203.0.113.7;proto=https',
        'X-Real-IP': '203.0.113.7',
        'User-Agent': 'browser-agent/1.0',
        'X-Request-Id': 'forged-request-id',
        Referer: 'http://localhost/transfers/svc',
        'Svc-Signature': 'forged.signature.value',
      },
      body: JSON.stringify(exampleInput('createSvcTransfer')),
    });
    expect(res.status).toBe(200);
    const received = (await h.log()).requests.at(-1)!;
    const names = Object.keys(received.headers).sort();
    for (const name of names) expect([...ALLOWED, ...TRANSPORT], name).toContain(name);
    expect(received.headers['user-agent']).toBe('svc-operator-console');
    expect(received.headers['x-request-id']).toBe(res.headers.get('x-request-id'));
    // The sandbox accepted the token and signature: they were the BFF's, not the browser's.
    expect(received.client_id).toBe('console-demo');
    expect(received.signature).toMatchObject({ verified: true });
    const text = JSON.stringify(received.headers);
    for (const value of ['tracking', 'browser-supplied', '203.0.113.7', 'evil.example', 'forged']) {
      expect(text).not.toContain(value);
    }
  });
});
