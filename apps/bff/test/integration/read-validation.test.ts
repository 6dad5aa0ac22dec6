import {
  DEMO_IDS,
  READ_OPERATION_IDS,
  operations,
  requiredQuery,
  type ReadOperationId,
} from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/*
 * The read proxy checks a read's query with the registry's schemas before anything is sent: every
 * parameter of every read, a `limit` at and past its maximum, a parameter the read does not have.
 * What passes reaches the sandbox as it was asked; what does not is a 400 naming the parameter.
 */
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
let cookie: string;
beforeAll(async () => {
  h = await sandboxHarness({ alg: 'EdDSA', secrets });
  cookie = await h.signIn('admin');
});
afterAll(() => h.close());

const P = DEMO_IDS.profiles;
/**
 * A path of the read whose parameters the demo seed holds, with the query it cannot do without
 * but `leaving` (the parameter a row tests).
 */
const pathOf = (id: ReadOperationId, leaving?: string) => {
  const op = operations[id];
  const values: Record<string, string> = {
    profile_id: P.marketMaking,
    asset: 'USD',
    id: '00000000-0000-4000-8000-000000000000',
    market: 'BTCUSD',
  };
  const query = Object.fromEntries(
    Object.entries(requiredQuery(id)).filter(([name]) => name !== leaving),
  );
  return op.toPath(Object.fromEntries(op.pathParams.map((n) => [n, values[n]!])), query);
};
const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;
const sent = async () => (await h.log()).requests.length;

async function read(path: string) {
  const res = await h.app.request(`/api/svc${path}`, { headers: { Cookie: cookie } });
  return {
    status: res.status,
    body: (await res.json()) as { data?: { items?: unknown[] }; errors?: { path: string }[] },
  };
}

const QUERY_PARAMS = READ_OPERATION_IDS.flatMap((id) =>
  Object.keys(operations[id].shape.query).map((name) => [id, name] as const),
);

describe('refused before any upstream request, naming the parameter', () => {
  it.each(QUERY_PARAMS)('%s with an empty %s', async (id, name) => {
    const before = await sent();
    const res = await read(withQuery(pathOf(id, name), `${name}=`));
    expect(res.status).toBe(400);
    // Named, whatever else a combination rule adds (an empty updated_at.* also wants order_by).
    const paths = res.body.errors?.map((e) => e.path) ?? [];
    expect(paths.filter((path) => path === name || path === `${name}.0`)).not.toEqual([]);
    expect(await sent()).toBe(before);
  });

  it.each(READ_OPERATION_IDS)('%s with a parameter it does not have', async (id) => {
    const before = await sent();
    const res = await read(withQuery(pathOf(id), 'surprise=1'));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'surprise' })]);
    expect(await sent()).toBe(before);
  });
});

describe('a query parameter named like a path parameter', () => {
  it('cannot stand in for a path segment that fails its check: 400 naming it, nothing sent', async () => {
    const before = await sent();
    const res = await read(`/v2/profiles/NOT-A-UUID/orders?profile_id=${P.marketMaking}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['profile_id', 'profile_id']);
    expect(await sent()).toBe(before);
  });

  it('is refused beside a valid path segment too, nothing sent', async () => {
    const before = await sent();
    const res = await read(`/v2/profiles/${P.marketMaking}/orders?profile_id=${P.omnibus}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['profile_id']);
    expect(await sent()).toBe(before);
  });
});

it('sends what it validated, rebuilt from the parsed values', async () => {
  const before = (await h.log()).requests.length;
  const res = await read(`/v2/profiles/${P.marketMaking}/orders?limit=%32&status=OPEN`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const requests = (await h.log()).requests.slice(before);
  expect(requests.map((r) => r.path)).toEqual([
    `/v2/profiles/${P.marketMaking}/orders?status=OPEN&limit=2`,
  ]);
});

describe.each(READ_OPERATION_IDS.filter((id) => operations[id].paging))('limit of %s', (id) => {
  const max = operations[id].paging!.maxLimit;

  it(`sends limit=${max} as asked, refuses ${max + 1} and 0 without sending`, async () => {
    const before = await sent();
    const ok = await read(withQuery(pathOf(id), `limit=${max}`));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const requests = (await h.log()).requests;
    expect(requests).toHaveLength(before + 1);
    expect(new URL(requests.at(-1)!.path, 'http://x').searchParams.get('limit')).toBe(String(max));
    for (const limit of [max + 1, 0]) {
      const refused = await read(withQuery(pathOf(id), `limit=${limit}`));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'limit' })]);
    }
    expect(await sent()).toBe(before + 1);
  });
});

it('passes List Orders’ deprecated offset on, which changes nothing', async () => {
  const plain = await read('/v2/orders?limit=3');
  const offset = await read('/v2/orders?limit=3&offset=2');
  expect(offset.status).toBe(200);
  expect(offset.body).toEqual(plain.body);
});

it('walks a list filtered by 100 ids page by page through the proxy', async () => {
  const ids: string[] = [P.omnibus, P.marketMaking];
  for (let i = 0; ids.length < 100; i++) {
    ids.push(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  }
  const list = `/v2/transfer/transfers?${ids.map((id) => `profile_ids=${id}`).join('&')}&limit=2`;
  const first = await read(list);
  expect(first.status).toBe(200);
  const cursor = (first.body.data as { next_page_cursor?: string }).next_page_cursor!;
  const next = await read(`${list}&page_cursor=${encodeURIComponent(cursor)}`);
  expect(next.status, JSON.stringify(next.body)).toBe(200);
  expect(next.body.data!.items!.length).toBeGreaterThan(0);
});
