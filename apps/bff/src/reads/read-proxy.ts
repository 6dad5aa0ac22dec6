/**
 * `GET /api/svc/v2/…`: a read of the service, for the browser. The path must be a read of the
 * registry, the operator's role must be one the read names, the path and query must pass the
 * read's schemas; only then is a token for the read's scope taken and the read signed (over an
 * empty payload) and sent, retried on connection errors and server errors since a read is safe.
 * Reads are logged, not journaled.
 */
import { READ_OPERATION_IDS, operations, type ReadOperation, type Role } from '@console/schemas';
import { MASKED_FILTERS, maskPersonal, seesPersonalData } from '../access/personal-data';
import { ProblemError, problems, type ProblemInit } from '../errors';
import { upstreamProblem } from '../send/send-response';
import type { UpstreamClient } from '../upstream/client';
import { ServiceBudgetError } from '../upstream/service-budget';
import { TokenError } from '../upstream/tokens';
import { matchReadPath } from './read-path';
import type { MarketData } from './market-data';

/** Every read of the registry: its path, scope, roles, schemas and who sees its record whole. */
export const REGISTRY_READS: readonly ReadOperation[] = READ_OPERATION_IDS.map(
  (id) => operations[id] as ReadOperation,
);

export interface ReadProxyDeps {
  client: UpstreamClient;
  timeoutMs: number;
  reads: readonly ReadOperation[];
  signal?: AbortSignal;
  /** The deployment's shared copy of public market data; without it, every read is sent. */
  marketData?: MarketData;
}

export interface ReadRequest {
  /** The path from `/v2`, raw, as the browser sent it. */
  rawPath: string;
  /** The query string without `?`, raw. */
  rawQuery: string;
  role: Role;
  requestId: string;
}

export interface ReadAnswer {
  operation: string;
  data: unknown;
  upstreamStatus: number;
  /** Public market data: when the shared copy answered was fetched from the service. */
  fetchedAt?: Date;
}

const upstreamFailure = (detail: string): ProblemError =>
  new ProblemError({ status: 502, code: 'upstream-unavailable', detail });

/**
 * Answers a read, or throws the problem to answer instead.
 *
 * @example
 * const { data } = await proxyRead(deps, { rawPath: '/v2/orders', rawQuery: 'limit=50', role, requestId });
 */
export async function proxyRead(deps: ReadProxyDeps, request: ReadRequest): Promise<ReadAnswer> {
  const match = matchReadPath(request.rawPath, deps.reads);
  if ('refused' in match) {
    throw match.refused === 404
      ? problems.notFound(match.detail)
      : problems.badRequest(match.detail);
  }
  const { read, params } = match;
  if (!read.roles.includes(request.role)) {
    throw problems.forbidden(`The ${request.role} role may not use ${read.id}.`);
  }
  // Path parameters and query against the entry's schemas, each refusal naming its parameter.
  const parsed = read.parseRequest(params, new URLSearchParams(request.rawQuery));
  if (!parsed.ok) throw problems.validation(parsed.errors);
  // Personal data whole only for the roles that see it, and of a read that names its roles
  // (a fiat account in full), only for those.
  const whole = seesPersonalData(request.role) && read.fullRecordRoles.includes(request.role);
  // A role that sees a member masked may not filter by it: the answer would confirm a guess.
  const oracles = whole
    ? []
    : (MASKED_FILTERS[read.id] ?? []).filter((name) => parsed.value.query[name] !== undefined);
  if (oracles.length > 0) {
    throw problems.validation(
      oracles.map((path) => ({
        path,
        message: `The ${request.role} role sees this masked, and may not filter by it`,
      })),
    );
  }
  // Built from the validated values alone: the service sees exactly what was checked, never a
  // raw segment or parameter that the checks did not see.
  const path = read.toPath(parsed.value.params, parsed.value.query);
  // Public market data: one copy for the whole deployment, fetched about once a second.
  if (read.scope === null && deps.marketData) {
    const shared = await deps.marketData.read(path, async () => {
      try {
        return { ok: true, body: (await fetchRead(deps, read, path, request.requestId)).body };
      } catch (error) {
        return { ok: false, error: error as Error };
      }
    });
    return {
      operation: read.id,
      data: shared.body,
      upstreamStatus: 200,
      fetchedAt: shared.fetchedAt,
    };
  }
  const { body, status } = await fetchRead(deps, read, path, request.requestId);
  return {
    operation: read.id,
    data: whole ? body : maskPersonal(body),
    upstreamStatus: status,
  };
}

/** Sends a validated read to the service: its answer, or the problem to answer instead. */
export async function fetchRead(
  deps: Pick<ReadProxyDeps, 'client' | 'timeoutMs' | 'signal'>,
  read: ReadOperation,
  path: string,
  requestId: string,
): Promise<{ status: number; body: unknown }> {
  let outcome;
  try {
    outcome = await deps.client.send({
      method: 'GET',
      path,
      body: '',
      scope: read.scope,
      timeoutMs: deps.timeoutMs,
      requestId,
      safe: true,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
  } catch (error) {
    if (error instanceof ServiceBudgetError) throw new ProblemError(budgetSpent(error));
    if (!(error instanceof TokenError)) throw error;
    throw upstreamFailure(
      `Nothing was read: the console could not get a token from the service (${error.message}).`,
    );
  }
  if (outcome.kind === 'no-answer') {
    throw upstreamFailure(`The service did not answer the read (${outcome.error}).`);
  }
  if (outcome.status >= 200 && outcome.status < 300) {
    return { status: outcome.status, body: outcome.body };
  }
  throw new ProblemError(answerFor(outcome.status, outcome.body, outcome.retryAfterMs, read.id));
}

/**
 * The browser's answer to a read the console's budget of the service held back: nothing was sent,
 * so the service's own limit, which would throttle the console for everyone, is never reached.
 */
function budgetSpent(error: ServiceBudgetError): ProblemInit {
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  return {
    status: 429,
    code: 'rate-limited',
    detail: `Nothing was read: ${error.message}. Try again in ${seconds} s.`,
    headers: { 'Retry-After': String(seconds) },
  };
}

/**
 * The browser's answer to a refusal of the service, with the service's problem under `upstream`.
 * Not found and a refused query keep their status; a rate limit is 429 with its `Retry-After`;
 * the service's own 401 and 403 are the console's credentials, not the operator's session or
 * role, so they are a 502 like any other failure of the service.
 */
function answerFor(
  status: number,
  body: unknown,
  retryAfterMs: number | undefined,
  operation: string,
): ProblemInit {
  const upstream = upstreamProblem(status, body);
  const said = upstream.detail ?? upstream.title ?? `HTTP ${status}`;
  if (status === 404) {
    return {
      status: 404,
      code: 'not-found',
      detail: `The service has no such record: ${said}`,
      upstream,
    };
  }
  if (status === 400) {
    return {
      status: 400,
      code: 'bad-request',
      detail: `The service refused the read: ${said}`,
      upstream,
    };
  }
  if (status === 429) {
    const seconds = Math.max(1, Math.ceil((retryAfterMs ?? 60_000) / 1000));
    return {
      status: 429,
      code: 'rate-limited',
      detail: `The service is limiting requests; try again in ${seconds} s.`,
      upstream,
      headers: { 'Retry-After': String(seconds) },
    };
  }
  return {
    status: 502,
    code: 'upstream-unavailable',
    detail: `The service could not answer ${operation} (${status}): ${said}`,
    upstream,
  };
}
