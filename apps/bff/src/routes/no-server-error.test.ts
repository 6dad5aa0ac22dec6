import { exampleInput, isWriteOperationId } from '@console/schemas';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../app-routes';
import { BROWSER_HEADERS, echoSuccess, scriptedClient, testApp } from '../../test/harness';

type Harness = Awaited<ReturnType<typeof testApp>>;

const encoder = new TextEncoder();

/** Text with the characters that break storage and parsers: NUL, controls, lone surrogates. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\uffff', '..', '../..', '%00', ' '),
);

/** A JSON document that may be valid, hostile, or not JSON at all, as raw bytes. */
function bodies(base: Record<string, unknown>): fc.Arbitrary<Uint8Array> {
  const keys = [...Object.keys(base), 'metadata', 'ref_id', 'username', 'password', 'reason'];
  const hostileObject = fc
    .dictionary(fc.oneof(fc.constantFrom(...keys), nasty), fc.oneof(nasty, fc.jsonValue()), {
      maxKeys: 6,
    })
    .map((extra) => encoder.encode(JSON.stringify({ ...base, ...extra })));
  const withField = fc
    .tuple(fc.constantFrom(...keys), nasty)
    .map(([key, value]) => encoder.encode(JSON.stringify({ ...base, [key]: value })));
  const duplicated = fc
    .tuple(fc.constantFrom(...keys), fc.jsonValue(), fc.jsonValue())
    .map(([key, a, b]) => {
      const text = JSON.stringify(base).slice(1, -1);
      return encoder.encode(
        `{${text}${text ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(a) ?? 'null'},${JSON.stringify(key)}:${JSON.stringify(b) ?? 'null'}}`,
      );
    });
  const deep = fc
    .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('[', '{"a":'))
    .map(([depth, open]) => {
      const close = open === '[' ? ']' : '}';
      return encoder.encode(`{"metadata":${open.repeat(depth)}1${close.repeat(depth)}}`);
    });
  const invalidUtf8 = fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .map(
      (bytes) =>
        new Uint8Array([
          ...encoder.encode('{"ref_id":"'),
          0xc3,
          0x28,
          ...bytes,
          0xff,
          ...encoder.encode('"}'),
        ]),
    );
  return fc.oneof(
    fc.constant(new Uint8Array()),
    invalidUtf8,
    hostileObject,
    withField,
    duplicated,
    deep,
    fc.uint8Array({ maxLength: 200 }),
    fc.jsonValue().map((value) => encoder.encode(JSON.stringify(value) ?? '')),
  );
}

/** Every filter the GET routes read. */
const FILTERS = [
  'operation',
  'state',
  'operator',
  'ref_id',
  'from',
  'to',
  'cursor',
  'limit',
  'kind',
  'username',
  'status',
  'side',
  'market',
  'type',
];

const segment = fc.oneof(
  fc.uuid().map(String),
  // Every byte percent-encoded (encodeURIComponent refuses lone surrogates).
  nasty.map((s) =>
    [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
  ),
  fc.constantFrom('..', '%2e%2e', '%00', '%E0%A4%A', '%ff', 'a%2Fb', '%C0%AF'),
);

/**
 * No input gives a 500 (8): every route of the BFF, signed in or not, with hostile path
 * segments and bodies (NUL bytes, lone surrogates, invalid UTF-8, empty bodies, duplicated
 * keys, deeply nested documents). The service stand-in always answers, so a status of 500 or
 * more can only come from the console itself.
 */
describe('no input gives a server error', () => {
  let h: Harness;
  let cookie: string;
  beforeAll(async () => {
    h = await testApp({ client: scriptedClient(echoSuccess).client });
    cookie = await h.signIn('admin');
  });

  const routes = () => routeTable(h.deps).map(({ method, path }) => ({ method, path }));

  it('over every route in the route table: 0 responses ≥ 500', async () => {
    const table = routes();
    expect(table.length).toBeGreaterThan(10);
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...table),
        fc.boolean(),
        segment,
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
        fc.constantFrom(...FILTERS),
        fc.context(),
        async (route, signedIn, id, type, filter, ctx) => {
          const operation = route.path.split('/').pop() ?? '';
          const base = isWriteOperationId(operation)
            ? (exampleInput(operation) as Record<string, unknown>)
            : route.path === '/api/session'
              ? { username: 'admin', password: 'admin-pass-1' }
              : {};
          const body = fc.sample(bodies(base), { numRuns: 1 })[0]!;
          // One filter of those the GET routes read, given the hostile value.
          const path = `${route.path.replace(/:[a-z_]+/g, id).replace(/\*$/, id)}${route.method === 'GET' ? `?${filter}=${id}` : ''}`;
          const res = await h.app.request(path, {
            method: route.method,
            headers: {
              ...(route.method === 'GET' ? {} : { ...BROWSER_HEADERS, 'Content-Type': type }),
              // Signing in or out with the shared cookie would end it for the runs after.
              ...(signedIn && !route.path.startsWith('/api/session') ? { Cookie: cookie } : {}),
            },
            ...(route.method === 'GET' ? {} : { body }),
          });
          ctx.log(`${route.method} ${path} → ${res.status}`);
          if (res.status >= 500) {
            failures.push(
              `${route.method} ${path} ${Buffer.from(body).toString('hex').slice(0, 200)}`,
            );
          }
          return res.status < 500;
        },
      ),
      { numRuns: 400, seed: 15 },
    );
    expect(failures).toEqual([]);
  });

  it('over every route, every filter, signed in: the known hostile values, each one', async () => {
    const values = ['%00', 'a%00b', '%ED%A0%80', '%ff', '%E0%A4%A', '..', 'x'.repeat(3000)];
    const bodies = [
      '',
      '\u0000',
      '{"a":1,"a":2}',
      `{"metadata":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      '{"username":"a\\u0000","password":"b\\ud800b"}',
    ];
    const failures: string[] = [];
    for (const route of routes()) {
      const signedIn = !route.path.startsWith('/api/session');
      const headers: Record<string, string> = signedIn ? { Cookie: cookie } : {};
      for (const value of values) {
        const base = route.path.replace(/:[a-z_]+/g, value);
        const paths =
          route.method === 'GET' ? FILTERS.map((name) => `${base}?${name}=${value}`) : [base];
        for (const path of paths) {
          for (const body of route.method === 'GET' ? [undefined] : bodies) {
            const res = await h.app.request(path, {
              method: route.method,
              headers: body === undefined ? headers : { ...BROWSER_HEADERS, ...headers },
              ...(body === undefined ? {} : { body }),
            });
            if (res.status >= 500)
              failures.push(`${route.method} ${path} ${body ?? ''} → ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
