import type { Context } from 'hono';
import { OPERATION_IDS, operations, parseWith, type OperationId } from '@console/schemas';
import { iso } from '../clock';
import {
  SandboxProblem,
  asProblem,
  badRequest,
  forbidden,
  notFound,
  problemResponse,
  unauthorized,
} from '../problem';
import { verifySignature } from '../auth/verify-signature';
import type { RequestLogEntry, SandboxRuntime } from '../runtime';
import { handlers } from './index';
import type { HandlerInput } from './types';

const CREDENTIAL_HEADERS = new Set(['authorization', 'svc-signature']);

function loggedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = CREDENTIAL_HEADERS.has(name) ? '[present]' : value;
  });
  return out;
}

const routes = OPERATION_IDS.map((id) => {
  const op = operations[id];
  const names: string[] = [];
  const pattern = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { id, method: op.method, path: op.path, regex: new RegExp(`^${pattern}$`), names };
});

/** The path template a request path matches (rate limits count per endpoint), else the path. */
export function endpointOf(path: string): string {
  return routes.find((r) => r.regex.test(path))?.path ?? path;
}

function matchRoute(method: string, path: string) {
  let pathMatched = false;
  for (const route of routes) {
    const m = route.regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const params = Object.fromEntries(
      route.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]),
    );
    return { id: route.id as OperationId, params };
  }
  if (pathMatched)
    throw new SandboxProblem(405, 'about:blank', `${method} is not allowed on ${path}`);
  throw notFound(`no endpoint at ${path}`);
}

/**
 * Every `/v2/…` request: reads the raw body first (signatures cover its exact bytes), then checks
 * token, signature and scope, parses and validates the body with the shared schema at the
 * sandbox time, and runs the operation's handler. Every request is logged, answered or refused.
 */
export async function dispatch(c: Context, rt: SandboxRuntime): Promise<Response> {
  const raw = new Uint8Array(await c.req.arrayBuffer());
  const text = new TextDecoder().decode(raw);
  const url = new URL(c.req.url);
  const pathWithQuery = url.pathname + url.search;
  const entry: RequestLogEntry = {
    method: c.req.method,
    path: pathWithQuery,
    status: 0,
    client_id: null,
    body: text,
    signature: null,
    headers: loggedHeaders(c.req.raw.headers),
    at: iso(rt.clock.now()),
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

async function run(
  c: Context,
  rt: SandboxRuntime,
  req: { raw: Uint8Array; text: string; pathWithQuery: string; entry: RequestLogEntry },
): Promise<Response> {
  const now = rt.clock.now();
  const route = matchRoute(c.req.method, new URL(c.req.url).pathname);
  const op = operations[route.id];

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
  if (!grant.scopes.includes(op.scope))
    throw forbidden(`the access token lacks the scope ${op.scope}`);

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
  const parsed = parseWith(op.bodyAt(now), json);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    const where = first?.path ? `${first.path}: ` : '';
    throw badRequest(`${where}${first?.message ?? 'invalid body'}`, { errors: parsed.errors });
  }
  rt.advance();
  const input = {
    body: parsed.value,
    params: route.params,
    client,
    state: rt.state,
    now,
    clock: rt.clock,
    advance: rt.advance,
  } as HandlerInput<typeof route.id>;
  const handler = handlers[route.id] as (i: typeof input) => unknown;
  const answer = await handler(input);
  return c.json(answer as object, 200);
}
