import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../config';
import { SECRET, client, startTestSandbox, type TestSandbox } from '../../test/test-support';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox({
    token_rate_limit: { per_second: 1, burst: 3 },
    clients: [
      client({ client_id: 'a' }),
      client({ client_id: 'b', scopes: ['exchange:write_order'] }),
    ],
  });
});
afterAll(() => sbx.close());

async function token(
  form: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
) {
  const res = await fetch(`${sbx.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(form),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers,
  };
}
const form = (over: Record<string, string> = {}) => ({
  grant_type: 'client_credentials',
  client_id: 'a',
  client_secret: SECRET,
  scope: 'exchange:write_order transfer:write_svc_transfer',
  ...over,
});

describe('POST /oauth2/token', () => {
  it('issues a bearer token for the requested scopes', async () => {
    sbx.clock.advance(10_000);
    const res = await token(form());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 60,
      scope: 'exchange:write_order transfer:write_svc_transfer',
    });
    expect(typeof res.body.access_token).toBe('string');
  });

  it.each([
    ['wrong secret', form({ client_secret: 'wrong-secret' }), 401, 'invalid_client'],
    ['unknown client', form({ client_id: 'nobody' }), 401, 'invalid_client'],
    [
      'scope the client may not have',
      form({ client_id: 'b', scope: ALL_SCOPES.join(' ') }),
      400,
      'invalid_scope',
    ],
    ['another grant type', form({ grant_type: 'password' }), 400, 'unsupported_grant_type'],
    ['no grant type', form({ grant_type: '' }), 400, 'invalid_request'],
  ])('refuses %s', async (_name, body, status, error) => {
    sbx.clock.advance(10_000);
    const res = await token(body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(typeof res.body.error_description).toBe('string');
  });

  it('refuses a JSON body', async () => {
    const res = await fetch(`${sbx.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form()),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('answers 429 with Retry-After past the burst, and again after a wait', async () => {
    sbx.clock.advance(10_000);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await token(form())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await token(form());
    expect(limited.headers.get('retry-after')).toBe('1');
    sbx.clock.advance(1_000);
    expect((await token(form())).status).toBe(200);
    // Another client has its own bucket.
    expect((await token(form({ client_id: 'b', scope: 'exchange:write_order' }))).status).toBe(200);
  });

  it('logs every token request', async () => {
    const log = await sbx.control('GET', '/log');
    const entries = log.body.token_requests as {
      client_id: string;
      status: number;
      scope: string;
      at: string;
    }[];
    expect(entries.some((e) => e.status === 429 && e.client_id === 'a')).toBe(true);
    expect(entries[0]).toMatchObject({ client_id: 'a', status: 200 });
  });
});
