import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exampleInput } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

// Small numbers stand in for the appendix's: 1/s averaged over 10 s (10 requests), internal
// transfers 0.5/s (5), the token endpoint 0.3/s (3), and a 60 s throttle past any of them.
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox({
    rate_limits: {
      window_seconds: 10,
      throttle_seconds: 60,
      default_per_second: 1,
      per_second: { '/v2/transfer/internal': 0.5, '/oauth2/token': 0.3 },
    },
  });
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

const fee = () => sbx.call('createCryptoWithdrawalFee', exampleInput('createCryptoWithdrawalFee'));
const transfer = () => sbx.call('createInternalTransfer', exampleInput('createInternalTransfer'));

describe('per-endpoint rate limits', () => {
  it("answers 429 past an endpoint's limit and throttles every request from the address", async () => {
    await sbx.token();
    for (let i = 0; i < 10; i++) expect((await fee()).status).toBe(200);
    const refused = await fee();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    // Another endpoint, and the token endpoint, are refused too while the address is throttled.
    expect((await transfer()).status).toBe(429);
    const token = await fetch(`${sbx.url}/oauth2/token`, { method: 'POST' });
    expect(token.status).toBe(429);
    sbx.clock.advance(60_000);
    expect((await fee()).status).toBe(200);
  });

  it('counts each endpoint on its own, with its own rate', async () => {
    await sbx.token();
    for (let i = 0; i < 5; i++) expect((await transfer()).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await fee()).status).toBe(200);
    expect((await transfer()).status).toBe(429);
  });

  it('averages over the window: a spent bucket refills at the rate', async () => {
    await sbx.token();
    for (let i = 0; i < 10; i++) expect((await fee()).status).toBe(200);
    sbx.clock.advance(2_000);
    expect((await fee()).status).toBe(200);
    expect((await fee()).status).toBe(200);
  });

  it('limits the token endpoint', async () => {
    const ask = () =>
      fetch(`${sbx.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=tester&client_secret=wrong-secret-1',
      });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(401);
    expect((await ask()).status).toBe(429);
  });
});
