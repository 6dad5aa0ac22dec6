import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  READ_OPERATION_IDS,
  WRITE_OPERATION_IDS,
  exampleInput,
  operations,
  requiredQuery,
  type ReadOperationId,
} from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());

const PARAMS: Record<string, string> = {
  profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  asset: 'BTC',
  market: 'BTCUSD',
};
const paramsOf = (id: ReadOperationId) =>
  Object.fromEntries(operations[id].pathParams.map((name) => [name, PARAMS[name]!]));
/** A scope that is not the operation's own. */
const otherScope = (scope: string) =>
  Object.values(operations).find((op) => op.scope !== null && op.scope !== scope)!.scope as string;
/** The read's path with what its query cannot do without, but `leaving` (a parameter a row tests). */
const pathOf = (id: ReadOperationId, leaving?: string) => {
  const { [leaving ?? '']: _left, ...query } = requiredQuery(id);
  return operations[id].toPath(paramsOf(id), query);
};
const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;

const AUTHENTICATED = READ_OPERATION_IDS.filter((id) => operations[id].scope !== null);
const PUBLIC = READ_OPERATION_IDS.filter((id) => operations[id].scope === null);

describe.each(AUTHENTICATED)('GET of %s', (id) => {
  const op = operations[id];

  it('refuses a missing token (401) and a token without its scope (403)', async () => {
    const query = requiredQuery(id);
    expect((await sbx.read(id, paramsOf(id), query, { token: null })).status).toBe(401);
    const token = await sbx.token('tester', otherScope(op.scope as string));
    expect((await sbx.read(id, paramsOf(id), query, { token })).status).toBe(403);
  });
});

// Public market data needs no token; a bad query is refused all the same.
describe.each(PUBLIC)('GET of public %s', (id) => {
  it('answers without a token, and with an unknown one, which it never looks at', async () => {
    const query = requiredQuery(id);
    expect((await sbx.read(id, paramsOf(id), query, { token: null })).status).toBe(200);
    expect((await sbx.read(id, paramsOf(id), query, { token: 'nope' })).status).toBe(200);
  });

  it('refuses a malformed request without a token, naming the parameter', async () => {
    const res = await fetch(`${sbx.url}${withQuery(pathOf(id), 'surprise=1')}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { meta?: { errors?: unknown } };
    expect(body.meta?.errors).toEqual([expect.objectContaining({ path: 'surprise' })]);
  });
});

// The dispatch of the reads, derived from the registry: what holds whether or not a read's
// handler is there yet.
describe.each(READ_OPERATION_IDS)('GET of %s', (id) => {
  const op = operations[id];

  it('refuses a parameter it does not have, naming it', async () => {
    // Written by hand: the registry builds paths with its own parameters only.
    const res = await fetch(`${sbx.url}${withQuery(pathOf(id), 'surprise=1')}`, {
      headers: { authorization: `Bearer ${await sbx.token()}` },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { meta?: { errors?: unknown } };
    expect(body.meta?.errors).toEqual([expect.objectContaining({ path: 'surprise' })]);
  });

  // An empty value is a bad value of every kind of parameter: id, text, enum, time, flag, limit.
  it.each(Object.keys(op.shape.query).map((name) => [name]))(
    'refuses an empty %s with a 400 naming it',
    async (name) => {
      const res = await fetch(`${sbx.url}${withQuery(pathOf(id, name), `${name}=`)}`, {
        headers: { authorization: `Bearer ${await sbx.token()}` },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { detail: string; meta?: { errors?: { path: string }[] } };
      expect(body.detail.startsWith(name)).toBe(true);
      const paths = body.meta?.errors?.map((e) => e.path) ?? [];
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect([name, `${name}.0`]).toContain(path);
    },
  );
});

// Only the reads that page have a limit: the others get no row rather than a skipped one.
describe.each(READ_OPERATION_IDS.filter((id) => operations[id].paging))('GET of %s', (id) => {
  it('refuses a limit over its maximum', async () => {
    const res = await sbx.read(id, paramsOf(id), {
      ...requiredQuery(id),
      limit: String(operations[id].paging!.maxLimit + 1),
    });
    expect(res.status).toBe(400);
    expect(res.body.meta?.errors).toEqual([expect.objectContaining({ path: 'limit' })]);
  });
});

describe.each(WRITE_OPERATION_IDS.filter((id) => operations[id].bodyless))('%s', (id) => {
  it('is a DELETE without a body: one sent is refused', async () => {
    const res = await sbx.call(id, exampleInput(id), { rawBody: '{}' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^body: DELETE \/v2\/.* takes no body$/);
  });
});
