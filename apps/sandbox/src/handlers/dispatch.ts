import type { Context } from 'hono';
import { operations, parseWith, type OperationId } from '@console/schemas';
import { iso } from '../clock';
import {
  SandboxProblem,
  asProblem,
  badRequest,
  forbidden,
  problemResponse,
  unauthorized,
} from '../problem';
import { verifySignature } from '../auth/verify-signature';
import type { SandboxClient } from '../config';
import type { RequestLogEntry, SandboxRuntime } from '../runtime';
import { handlerOf, type OperationHandler } from './handler-of';
import { queryOf } from './query-params';
import { matchRoute } from './routes';
import type { HandlerInput } from './types';

const CREDENTIAL_HEADERS = new Set(['authorization', 'svc-signature']);

function loggedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = CREDENTIAL_HEADERS.has(name) ? '[present]' : value;
  });
  return out;
}

/**
 * Every `/v2/…` request: reads the raw body first (signatures cover its exact bytes), then checks
 * token, signature and scope, validates the body or query with the shared schemas at the sandbox
 * time, and runs the operation's handler. Every request is logged, answered or refused.
 */
export async function dispatch(c: Context, rt: SandboxRuntime): Promise<Response> {
  const raw = new Uint8Array(await c.req.arrayBuffer());
  const text = new TextDecoder().decode(raw);
  const pathWithQuery = requestTarget(c);
  const entry: RequestLogEntry = {
    method: c.req.method,
    path: pathWithQuery,
    status: 0,
    client_id: null,
    body: text,
    signature: null,
    headers: loggedHeaders(c.req.raw.headers),
    at: iso(rt.clock.now()),
    received_ms: rt.wallClock.now(),
  };
  let response: Response;
  try {
    response = await run(c, rt, { raw, text, pathWithQuery, entry });
  } catch (error) {
    response = problemResponse(c, asProblem(error));
  }
  entry.status = response.status;
  rt.requestLog.push(entry);
  return response;
}

/**
 * The path and query as the request line carried them: what the client signed. A URL parser
 * would rewrite some of it (a `'` in the query becomes `%27`, dot segments go), and a signature
 * over the bytes sent would then fail. In-process requests (no socket) have only their URL.
 */
function requestTarget(c: Context): string {
  const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
  if (raw?.startsWith('/')) return raw;
  const url = new URL(raw ?? c.req.url);
  return url.pathname + url.search;
}

async function run(
  c: Context,
  rt: SandboxRuntime,
  req: { raw: Uint8Array; text: string; pathWithQuery: string; entry: RequestLogEntry },
): Promise<Response> {
  const now = rt.clock.now();
  const url = new URL(c.req.url);
  const { route, params } = matchRoute(c.req.method, url.pathname);
  const op = operations[route.id];

  // Public market data (scope null) takes no token and no signature: the rest of the request,
  // its query, is checked as any read's.
  const client = op.scope === null ? null : await authorise(c, rt, req, op.scope, now);

  const handler = await handlerOf(route.id);
  const prepare = 'handle' in handler ? handler.prepareBody : undefined;
  const checked = validate(op, params, req, now, url.searchParams, c, prepare);
  rt.advance();
  const input = {
    ...checked,
    params,
    client,
    state: rt.state,
    now,
    clock: rt.clock,
    advance: rt.advance,
  } as HandlerInput<typeof route.id>;
  if (!('handle' in handler)) {
    throw new SandboxProblem(
      501,
      'about:blank',
      `the sandbox does not serve ${op.title} yet: ${handler.missing}`,
    );
  }
  const answer = await (handler.handle as (i: typeof input) => unknown)(input);
  return c.json(answer as object, 200);
}

/**
 * The caller of an authenticated endpoint: a known, unexpired token (else 401), then the signature
 * when the client signs or must (else 401), then the endpoint's scope (else 403).
 */
async function authorise(
  c: Context,
  rt: SandboxRuntime,
  req: { raw: Uint8Array; pathWithQuery: string; entry: RequestLogEntry },
  scope: string,
  now: number,
): Promise<SandboxClient> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!bearer?.[1]) throw unauthorized('a Bearer access token is required');
  const grant = rt.tokens.lookup(bearer[1], now);
  if (grant === 'unknown') throw unauthorized('the access token is not valid');
  if (grant === 'expired') throw unauthorized('the access token has expired');
  const client = rt.clients.get(grant.client_id);
  if (!client) throw unauthorized('the access token is not valid');
  req.entry.client_id = client.client_id;

  const jws = c.req.header('svc-signature');
  if (jws !== undefined || client.signing?.required) {
    if (jws === undefined)
      throw unauthorized('request signing is required for this client: Svc-Signature is missing');
    // A request without a body is signed over an empty payload: the raw body, empty, is compared.
    const check = await verifySignature(
      jws,
      { method: c.req.method, pathWithQuery: req.pathWithQuery, body: req.raw },
      rt.keysOf(client.client_id),
      // Real time: a test that moves the sandbox clock must not expire every live signature.
      rt.wallClock.now(),
    );
    req.entry.signature = check.seen ? { ...check.seen, verified: !check.failure } : null;
    if (check.failure) throw unauthorized(`Svc-Signature: ${check.failure}`);
  }
  if (!grant.scopes.includes(scope)) throw forbidden(`the access token lacks the scope ${scope}`);
  return client;
}

/** Refuses with the first field error, all of them in `meta.errors`. */
function refuse(errors: { path: string; message: string }[]): never {
  const first = errors[0];
  const where = first?.path ? `${first.path}: ` : '';
  throw badRequest(`${where}${first?.message ?? 'invalid request'}`, { errors });
}

/**
 * Checks the request with the operation's registry schemas at the sandbox time: a read's path
 * parameters and query; a DELETE's path parameters and its empty body; any other write's JSON body.
 */
function validate(
  op: (typeof operations)[OperationId],
  params: Record<string, string>,
  req: { raw: Uint8Array; text: string },
  now: number,
  search: URLSearchParams,
  c: Context,
  prepare: OperationHandler['prepareBody'],
): { body: unknown; query: unknown } {
  if (op.kind === 'read' || op.bodyless) {
    if (req.raw.length > 0) throw badRequest(`body: ${op.method} ${op.path} takes no body`);
  }
  // Path parameters are looked up, not checked for form: an id the state does not hold is a 404
  // from the handler, whatever it looks like, as at the service.
  if (op.kind === 'read') {
    // What every read shares first (time filters, order, limit as text), then the entry's schema.
    queryOf(search);
    const parsed = op.parseRequest(params, search);
    if (!parsed.ok) {
      const errors = parsed.errors.filter((e) => !Object.hasOwn(params, e.path));
      if (errors.length > 0) refuse(errors);
    }
    return { body: {}, query: parsed.ok ? parsed.value.query : queryFrom(search, op.arrayParams) };
  }
  if (op.bodyless) return { body: {}, query: {} };
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new SandboxProblem(415, 'about:blank', 'the body must be application/json');
  }
  let json: unknown;
  try {
    json = JSON.parse(req.text);
  } catch {
    throw badRequest('body: not valid JSON');
  }
  const parsed = parseWith(op.bodyAt(now), prepare ? prepare(json) : json);
  if (!parsed.ok) refuse(parsed.errors);
  return { body: parsed.value, query: {} };
}

/** The query as the entry reads it (array parameters as arrays), once it has passed the schema. */
function queryFrom(search: URLSearchParams, arrayParams: readonly string[]) {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    query[name] = arrayParams.includes(name) ? search.getAll(name) : (search.get(name) ?? '');
  }
  return query;
}
