import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Problem codes the sandbox answers with; the last segment of the problem `type` URL. */
export type ProblemCode =
  | 'invalid-request'
  | 'exceed-precision'
  | 'unauthorized'
  | 'forbidden'
  | 'insufficient-funds'
  | 'not-found'
  | 'already-exists'
  | 'expired'
  | 'unsupported-media-type'
  | 'method-not-allowed'
  /** A generic error: its type is `about:blank`. */
  | 'about:blank';

const TITLES: Record<ProblemCode, string> = {
  'invalid-request': 'Invalid request',
  'exceed-precision': 'Amount exceeds the precision of the asset',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  'insufficient-funds': 'Insufficient funds',
  'not-found': 'Not found',
  'already-exists': 'Already exists',
  expired: 'Expired',
  'unsupported-media-type': 'Unsupported media type',
  'method-not-allowed': 'Method not allowed',
  'about:blank': 'Internal error',
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
  ) {
    super(detail);
  }

  body(): ProblemBody {
    return {
      type: this.code === 'about:blank' ? 'about:blank' : PROBLEM_BASE + this.code,
      title: TITLES[this.code],
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
  });
}

export const badRequest = (detail: string, meta?: Record<string, unknown>) =>
  new SandboxProblem(400, 'invalid-request', detail, meta);
export const notFound = (detail: string) => new SandboxProblem(404, 'not-found', detail);
export const forbidden = (detail: string) => new SandboxProblem(403, 'forbidden', detail);
export const unauthorized = (detail: string) => new SandboxProblem(401, 'unauthorized', detail);
