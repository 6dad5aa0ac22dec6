import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { exampleInput, operations } from '@console/schemas';
import { client, signRequest, startTestSandbox, type TestSandbox } from '../../test/test-support';

const op = operations.createCryptoWithdrawalFee;
const body = JSON.stringify(op.toWire(exampleInput('createCryptoWithdrawalFee')).body);

let sbx: TestSandbox;
const keys: Record<'EdDSA' | 'ES256', CryptoKey> = {} as never;
beforeAll(async () => {
  const ed = await generateKeyPair('EdDSA', { extractable: true });
  const es = await generateKeyPair('ES256', { extractable: true });
  keys.EdDSA = ed.privateKey;
  keys.ES256 = es.privateKey;
  sbx = await startTestSandbox({
    clients: [
      client({
        client_id: 'signer',
        signing: {
          required: true,
          keys: [
            { kid: 'ed-1', public_key_pem: await exportSPKI(ed.publicKey) },
            { kid: 'es-1', public_key_pem: await exportSPKI(es.publicKey) },
          ],
        },
      }),
      client({
        client_id: 'optional',
        signing: {
          required: false,
          keys: [{ kid: 'ed-1', public_key_pem: await exportSPKI(ed.publicKey) }],
        },
      }),
    ],
  });
});
afterAll(() => sbx.close());

const KID = { EdDSA: 'ed-1', ES256: 'es-1' } as const;

async function send(clientId: string, signature: string | undefined, rawBody = body) {
  return sbx.call('createCryptoWithdrawalFee', exampleInput('createCryptoWithdrawalFee'), {
    clientId,
    rawBody,
    headers: signature ? { 'svc-signature': signature } : {},
  });
}

describe.each(['EdDSA', 'ES256'] as const)('request signing with %s', (alg) => {
  const sign = (overrides: Partial<Parameters<typeof signRequest>[0]> = {}) =>
    signRequest({
      body,
      key: keys[alg],
      alg,
      kid: KID[alg],
      method: 'POST',
      path: op.path,
      timestamp: Math.floor(sbx.wall.now() / 1000),
      ...overrides,
    });

  it('accepts a good signature and logs the verified bytes', async () => {
    const res = await send('signer', await sign());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = await sbx.control('GET', '/log');
    const requests = log.body.requests as { body: string; signature: unknown; client_id: string }[];
    expect(requests.at(-1)).toMatchObject({
      body,
      client_id: 'signer',
      signature: { kid: KID[alg], alg, verified: true },
    });
  });

  it.each([
    ['unsigned', async () => undefined],
    ['unknown kid', async () => sign({ kid: 'ghost' })],
    ['bad signature', async () => (await sign()).replace(/.{4}$/, 'AAAA')],
    ['payload other than the body', async () => sign({ body: body.replace('0.25', '0.26') })],
    ['other method', async () => sign({ method: 'PUT' })],
    ['other path', async () => sign({ path: `${op.path}?x=1` })],
    [
      'timestamp over 30 minutes old',
      async () => sign({ timestamp: Math.floor(sbx.wall.now() / 1000) - 1801 }),
    ],
    [
      'timestamp over a minute ahead',
      async () => sign({ timestamp: Math.floor(sbx.wall.now() / 1000) + 61 }),
    ],
    ['extra header member', async () => sign({ extraHeader: { typ: 'JWT' } })],
    ['not a JWS', async () => 'garbage'],
  ])('answers 401 to %s', async (_name, signature) => {
    const res = await send('signer', await signature());
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Unauthorized' });
  });

  it('checks the window against real time, not a sandbox clock the tests moved', async () => {
    const signature = await sign();
    sbx.clock.advance(2 * 60 * 60 * 1000);
    expect((await send('signer', signature)).status).toBe(200);
    sbx.wall.advance(31 * 60 * 1000);
    expect((await send('signer', signature)).status).toBe(401);
  });

  it('accepts a 29-minute-old timestamp', async () => {
    const res = await send(
      'signer',
      await sign({ timestamp: Math.floor(sbx.wall.now() / 1000) - 29 * 60 }),
    );
    expect(res.status).toBe(200);
  });
});

describe('request signing keys', () => {
  it('logs a refused unsigned request with its exact body and no signature', async () => {
    const raw = '{ "asset": "BTC" ,"odd spacing": true }';
    expect((await send('signer', undefined, raw)).status).toBe(401);
    const log = await sbx.control('GET', '/log');
    const last = (log.body.requests as Record<string, unknown>[]).at(-1);
    expect(last).toMatchObject({
      method: 'POST',
      path: op.path,
      status: 401,
      client_id: 'signer',
      body: raw,
      signature: null,
    });
  });

  it('answers 401 to an alg that does not match the key', async () => {
    // Signed with the Ed25519 key but naming the P-256 key's kid.
    const signature = await signRequest({
      body,
      key: keys.EdDSA,
      alg: 'EdDSA',
      kid: 'es-1',
      method: 'POST',
      path: op.path,
      timestamp: Math.floor(sbx.wall.now() / 1000),
    });
    const res = await send('signer', signature);
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain('does not match');
  });

  it('checks a signature sent where none is required', async () => {
    const ts = Math.floor(sbx.wall.now() / 1000);
    const good = await signRequest({
      body,
      key: keys.EdDSA,
      alg: 'EdDSA',
      kid: 'ed-1',
      method: 'POST',
      path: op.path,
      timestamp: ts,
    });
    expect((await send('optional', good)).status).toBe(200);
    expect((await send('optional', good.replace(/.{4}$/, 'AAAA'))).status).toBe(401);
    expect((await send('optional', undefined)).status).toBe(200);
  });

  it('uses a newly registered key at once and refuses a revoked one', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    sbx.sandbox.registerKey('signer', {
      kid: 'es-2',
      public_key_pem: await exportSPKI(pair.publicKey),
    });
    const ts = Math.floor(sbx.wall.now() / 1000);
    const signature = await signRequest({
      body,
      key: pair.privateKey,
      alg: 'ES256',
      kid: 'es-2',
      method: 'POST',
      path: op.path,
      timestamp: ts,
    });
    expect((await send('signer', signature)).status).toBe(200);
    sbx.sandbox.revokeKey('signer', 'es-2');
    expect((await send('signer', signature)).status).toBe(401);
  });
});

describe('the signed path', () => {
  /** A GET over a raw socket: the request line carries the path exactly as given. */
  async function rawGet(path: string, signature: string): Promise<number> {
    const token = await sbx.token('signer');
    const { hostname, port } = new URL(sbx.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          path,
          headers: { authorization: `Bearer ${token}`, 'svc-signature': signature },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
  const signGet = (path: string) =>
    signRequest({
      body: '',
      key: keys.EdDSA,
      alg: 'EdDSA',
      kid: 'ed-1',
      method: 'GET',
      path,
      timestamp: Math.floor(sbx.wall.now() / 1000),
    });

  it('is the path and query as the request line carries them, not as a URL parser rewrites them', async () => {
    // A URL parser writes ' in a query as %27; the client signed what it sent.
    const sent = "/v2/profiles?nickname=O'Brien";
    expect(await rawGet(sent, await signGet(sent))).toBe(200);
    expect(await rawGet(sent, await signGet('/v2/profiles?nickname=O%27Brien'))).toBe(401);
  });
});
