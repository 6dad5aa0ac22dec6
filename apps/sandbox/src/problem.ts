import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Named problems: the last segment of the problem `type` URL (svc-api.md appendix, "Problem
 * types"). Everything else is a generic error, `about:blank`, known by its status alone.
 */
export type ProblemCode =
  | 'already-exists'
  | 'insufficient-funds'
  | 'expired'
  | 'rejected'
  | 'notional-value-too-large'
  | 'exceed-precision'
  | 'identity-verification-required'
  | 'exceed-max-withdraw-limit'
  | 'unavailable-market'
  /** A generic error: its type is `about:blank` and its title the status's reason phrase. */
  | 'about:blank';

const TITLES: Record<Exclude<ProblemCode, 'about:blank'>, string> = {
  'already-exists': 'Already Exists',
  'insufficient-funds': 'Insufficient Funds',
  expired: 'Expired',
  rejected: 'Rejected',
  'notional-value-too-large': 'Notional Value Too Large',
  'exceed-precision': 'Exceed Precision',
  'identity-verification-required': 'Identity Verification Required',
  'exceed-max-withdraw-limit': 'Exceed Max Withdraw Limit',
  'unavailable-market': 'Unavailable Market',
};

/** Reason phrases of the generic statuses the service answers with `about:blank`. */
const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const PROBLEM_BASE = 'https://svc.example/problems/';

/** A problem details body (RFC 9457) as the service answers it (DESIGN.md §3). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  meta?: Record<string, unknown>;
}

/**
 * A failure a handler raises; the app turns it into the problem body. Throwing keeps handlers
 * linear: validate, look up, check funds, act.
 */
export class SandboxProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ProblemCode,
    detail: string,
    readonly meta?: Record<string, unknown>,
    /** Extra response headers, such as `Retry-After`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  body(): ProblemBody {
    const generic = this.code === 'about:blank';
    return {
      type: generic ? 'about:blank' : PROBLEM_BASE + this.code,
      title: generic ? (STATUS_TITLES[this.status] ?? 'Error') : TITLES[this.code],
      status: this.status,
      detail: this.message,
      ...(this.meta ? { meta: this.meta } : {}),
    };
  }
}

/** The one place that writes a problem response. */
export function problemResponse(c: Context, problem: SandboxProblem): Response {
  return c.body(JSON.stringify(problem.body()), problem.status, {
    'Content-Type': 'application/problem+json',
    ...problem.headers,
  });
}

/** Any thrown value as a problem: a `SandboxProblem` as it is, anything else a generic 500. */
export function asProblem(error: unknown): SandboxProblem {
  return error instanceof SandboxProblem
    ? error
    : new SandboxProblem(500, 'about:blank', `internal error: ${(error as Error).message}`);
}

const generic =
  (status: ContentfulStatusCode) => (detail: string, meta?: Record<string, unknown>) =>
    new SandboxProblem(status, 'about:blank', detail, meta);

export const badRequest = generic(400);
export const unauthorized = generic(401);
export const forbidden = generic(403);
export const notFound = generic(404);

/** A 400 about one field, with the field's path in `meta.errors` as the schema errors carry it. */
export const fieldError = (path: string, message: string) =>
  badRequest(`${path}: ${message}`, { errors: [{ path, message }] });
