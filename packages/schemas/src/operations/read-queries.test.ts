import { describe, expect, it } from 'vitest';
import { requiredQuery } from '../fixtures';
import { inputShape } from '../registry-walk';
import { READ_OPERATION_IDS, operations, type ReadOperationId } from '../registry';

const read = (id: ReadOperationId) => operations[id];
const PARAMS: Record<string, string> = {
  profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  asset: 'BTC',
  market: 'BTCUSD',
};
const paramsOf = (id: ReadOperationId) =>
  Object.fromEntries(read(id).pathParams.map((name) => [name, PARAMS[name]!]));
/** Parses a query given as text, with the required parameters it does not name. */
const parse = (id: ReadOperationId, query: string) => {
  const search = new URLSearchParams(query);
  const required = Object.entries(requiredQuery(id)).filter(([name]) => !search.has(name));
  for (const [name, value] of required) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, one);
  }
  return read(id).parseRequest(paramsOf(id), search);
};
const errorPaths = (id: ReadOperationId, query: string) => {
  const result = parse(id, query);
  return result.ok ? [] : result.errors.map((e) => e.path);
};

const PAGED = READ_OPERATION_IDS.filter((id) => read(id).paging);
const WITH_ARRAYS = READ_OPERATION_IDS.filter((id) => read(id).arrayParams.length > 0);

describe.each(READ_OPERATION_IDS)('read %s', (id) => {
  it('accepts its path parameters with no query but what it requires, and builds the path it will sign', () => {
    expect(parse(id, '')).toEqual({
      ok: true,
      value: { params: paramsOf(id), query: requiredQuery(id) },
    });
    expect(read(id).toPath(paramsOf(id))).not.toMatch(/[{}?]/);
  });

  it('refuses to go without a parameter it requires, naming it', () => {
    for (const name of Object.keys(requiredQuery(id))) {
      const result = read(id).parseRequest(paramsOf(id), new URLSearchParams());
      expect(result.ok ? [] : result.errors.map((e) => e.path)).toContain(name);
    }
  });

  it('refuses a parameter the operation does not have, naming it', () => {
    expect(errorPaths(id, 'surprise=1')).toEqual(['surprise']);
  });

  it('refuses a missing or blank path parameter', () => {
    for (const name of read(id).pathParams) {
      const result = read(id).parseRequest({ ...paramsOf(id), [name]: '' }, new URLSearchParams());
      expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual([name]);
    }
  });

  it('sends back exactly the query it validated', () => {
    const shape = inputShape(read(id));
    const query: Record<string, string | string[]> = { ...requiredQuery(id) };
    if ('limit' in shape) query.limit = '1';
    if ('page_cursor' in shape) query.page_cursor = 'abc/+=';
    const path = read(id).toPath(paramsOf(id), query);
    const search = new URL(`https://svc.example${path}`).searchParams;
    expect(read(id).parseRequest(paramsOf(id), search)).toEqual({
      ok: true,
      value: { params: paramsOf(id), query },
    });
  });
});

const WITH_PATH_PARAMS = READ_OPERATION_IDS.filter((id) => read(id).pathParams.length > 0);

describe.each(WITH_PATH_PARAMS)('path parameters of %s', (id) => {
  it('refuses a query parameter named like a path parameter, naming it', () => {
    for (const name of read(id).pathParams) {
      const query = new URLSearchParams({ [name]: PARAMS[name]! });
      const result = read(id).parseRequest(paramsOf(id), query);
      expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual([name]);
    }
  });

  it('checks the path’s own value, never one the query gives under its name', () => {
    for (const name of read(id).pathParams) {
      const params = { ...paramsOf(id), [name]: 'NOT A VALID/VALUE' };
      const query = new URLSearchParams({ [name]: PARAMS[name]! });
      const result = read(id).parseRequest(params, query);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      // Both refusals name the parameter: its path value, and its second appearance in the query.
      expect(result.errors.map((e) => e.path)).toEqual([name, name]);
    }
  });
});

describe.each(PAGED)('paging of %s', (id) => {
  const max = read(id).paging!.maxLimit;

  it.each([
    ['1', true],
    [String(max), true],
    [String(max + 1), false],
    ['0', false],
    ['-1', false],
    ['1.5', false],
    ['ten', false],
    ['', false],
  ])('limit=%s accepted: %s', (limit, ok) => {
    expect(errorPaths(id, `limit=${limit}`)).toEqual(ok ? [] : ['limit']);
  });

  it('refuses limit given twice rather than picking one', () => {
    expect(errorPaths(id, 'limit=5&limit=6')).toEqual(['limit']);
  });
});

describe.each(WITH_ARRAYS)('array filters of %s', (id) => {
  const name = read(id).arrayParams[0]!;
  // A value the parameter takes: an id, an asset code or a value of its enum.
  const value = ['v-1', 'BTC', 'BITCOIN', 'ACTIVE', 'PENDING', 'SELL_ONLY', 'BTCUSD'].find(
    (v) => errorPaths(id, `${name}=${v}`).length === 0,
  )!;
  const repeated = (n: number) => Array.from({ length: n }, () => `${name}=${value}`).join('&');

  it(`takes ${name} repeated up to 100 times, and no more`, () => {
    expect(errorPaths(id, repeated(100))).toEqual([]);
    expect(errorPaths(id, repeated(101))).toEqual([name]);
  });
});

describe('query values', () => {
  it('takes RFC 3339 times and refuses others', () => {
    expect(errorPaths('listProfiles', 'created_at.gte=2026-01-02T15:04:05Z')).toEqual([]);
    expect(errorPaths('listProfiles', 'created_at.lt=2026-01-02T15:04:05.123%2B02:00')).toEqual([]);
    expect(errorPaths('listProfiles', 'created_at.gte=2026-01-02')).toEqual(['created_at.gte']);
    expect(errorPaths('listProfiles', 'created_at.gte=2026-13-40T99:00:00Z')).toEqual([
      'created_at.gte',
    ]);
  });

  it('takes closed values only', () => {
    expect(errorPaths('listOrders', 'status=EXPIRED&market=BTCUSD')).toEqual([]);
    expect(errorPaths('listOrders', 'status=PARTIAL')).toEqual(['status']);
    expect(errorPaths('listTransfers', 'type=CRYPTO_DEPOSIT&type=NOPE')).toEqual(['type.1']);
    expect(errorPaths('getFiatAccount', 'include_deleted=yes')).toEqual(['include_deleted']);
    expect(errorPaths('listFiatAccounts', 'order=asc')).toEqual(['order']);
  });

  it('takes the deprecated offset of List Orders, a whole number, and no other read has it', () => {
    for (const id of ['listOrders', 'listProfileOrders'] as const) {
      expect(errorPaths(id, 'offset=0')).toEqual([]);
      expect(errorPaths(id, 'offset=250&limit=50')).toEqual([]);
      expect(errorPaths(id, 'offset=-1')).toEqual(['offset']);
      expect(errorPaths(id, 'offset=ten')).toEqual(['offset']);
    }
    const others = READ_OPERATION_IDS.filter((id) => 'offset' in read(id).shape.query);
    expect(others).toEqual(['listOrders', 'listProfileOrders']);
  });

  it('bounds List Executions of one profile at 500 and the others at 1000', () => {
    expect(read('listProfileExecutions').paging).toEqual({ maxLimit: 500, defaultLimit: 20 });
    expect(errorPaths('listExecutions', 'limit=1000')).toEqual([]);
    expect(errorPaths('listProfileExecutions', 'limit=501')).toEqual(['limit']);
  });
});

describe('List Transfers combination rules', () => {
  const paths = (query: string) => errorPaths('listTransfers', query);

  it.each([
    'profile_ids=p-1&created_at.gte=2026-01-01T00:00:00Z',
    'ids=t-1&ids=t-2&limit=10&order=ASC',
    'type=CRYPTO_DEPOSIT&updated_at.gt=2026-01-01T00:00:00Z&order_by=UPDATED_AT',
    'statuses=PENDING&group_ids=g-1',
  ])('accepts %s', (query) => {
    expect(paths(query)).toEqual([]);
  });

  it.each([
    ['profile_ids=p-1&ids=t-1', ['profile_ids']],
    ['ref_ids=r-1&type=CRYPTO_DEPOSIT', ['type']],
    ['account_ids=a-1&statuses=PENDING', ['statuses']],
    ['updated_at.gte=2026-01-01T00:00:00Z', ['order_by']],
    ['updated_at.gte=2026-01-01T00:00:00Z&order_by=CREATED_AT', ['order_by']],
    ['created_at.gte=2026-01-01T00:00:00Z&order_by=UPDATED_AT', ['order_by']],
    [
      'created_at.gte=2026-01-01T00:00:00Z&updated_at.gte=2026-01-01T00:00:00Z&order_by=UPDATED_AT',
      ['updated_at.gte'],
    ],
  ])('refuses %s at %j', (query, at) => {
    expect(paths(query)).toEqual(at);
  });
});
