/**
 * The one place that builds problem bodies (RFC 9457, `application/problem+json`). Every error
 * the browser sees has the shape of `ConsoleProblem`; handlers throw `ProblemError` or call
 * `problemResponse`, and nothing else writes an error body.
 */
import type {
  BatchUploadedBefore,
  ConsoleProblem,
  DestinationCheck,
  FieldError,
  JournalEntry,
  LimitCheck,
} from '@console/schemas';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { entryForRole } from './access/personal-data';
import type { AppEnv } from './context';

/** Stable codes of the BFF's problems: what the SPA and tests match on, never `detail`. */
export type ProblemCode =
  | 'bad-request'
  | 'validation-failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unsupported-media-type'
  | 'cross-site-request'
  | 'misdirected-request'
  | 'payload-too-large'
  | 'rate-limited'
  | 'sign-in-locked'
  | 'approval-impossible'
  | 'destination-not-allowed'
  | 'limit-exceeded'
  | 'policy-refused'
  | 'batch-already-uploaded'
  | 'fresh-sign-in-required'
  | 'passkey-required'
  | 'passkey-refused'
  | 'rejected'
  | 'outcome-unknown'
  | 'upstream-unavailable'
  | 'unavailable'
  | 'internal';

const TITLES: Record<ProblemCode, string> = {
  'bad-request': 'The request is not valid',
  'validation-failed': 'Some fields need attention',
  unauthenticated: 'Sign in to continue',
  forbidden: 'Your role does not allow this',
  'not-found': 'Not found',
  conflict: 'This cannot be done in the current state',
  'unsupported-media-type': 'The body must be JSON',
  'cross-site-request': 'The request did not come from the console',
  'misdirected-request': 'Wrong host name for this console',
  'payload-too-large': 'The request is too large',
  'rate-limited': 'Too many requests',
  'sign-in-locked': 'Sign-in is locked for a while',
  'approval-impossible': 'Nobody can approve this as things stand',
  'destination-not-allowed': 'Money may not go to this destination now',
  'limit-exceeded': 'This would pass a limit',
  'policy-refused': 'The approval policy refuses this send',
  'batch-already-uploaded': 'These rows were uploaded before',
  'fresh-sign-in-required': 'Sign in again first',
  'passkey-required': 'This decision must be signed with your passkey',
  'passkey-refused': 'The passkey signature did not check out',
  rejected: 'The service rejected the request',
  'outcome-unknown': 'The outcome is unknown',
  'upstream-unavailable': 'The service could not be reached',
  unavailable: 'The console is not ready',
  internal: 'Something went wrong in the console',
};

/** The parts of a problem a handler chooses; the rest is filled in. */
export interface ProblemInit {
  status: number;
  code: ProblemCode;
  detail: string;
  title?: string;
  errors?: FieldError[];
  upstream?: ConsoleProblem['upstream'];
  journal?: JournalEntry;
  /** A send refused for its destination: what the book says of it. */
  destination?: DestinationCheck;
  /** A send or approval refused for a limit: the limits it would pass. */
  limits?: LimitCheck[];
  /** A send refused by the approval policy: the version that refused it. */
  policy_version?: number;
  /** A batch whose rows were uploaded before: that batch. */
  batch_id?: string;
  /** That batch as the upload's check names it (issue 64). */
  uploaded_before?: BatchUploadedBefore;
  /** Extra response headers (`Retry-After`); never part of the body. */
  headers?: Record<string, string>;
}

/** Thrown by handlers and middleware; the app's error handler turns it into the response. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(readonly init: ProblemInit) {
    super(init.detail);
  }
}

/** The problem body for a request id. */
export function problemBody(init: ProblemInit, requestId: string): ConsoleProblem {
  return {
    type: `/problems/${init.code}`,
    title: init.title ?? TITLES[init.code],
    status: init.status,
    detail: init.detail,
    code: init.code,
    request_id: requestId,
    ...(init.errors ? { errors: init.errors } : {}),
    ...(init.upstream ? { upstream: init.upstream } : {}),
    ...(init.journal ? { journal: init.journal } : {}),
    ...(init.destination ? { destination: init.destination } : {}),
    ...(init.limits ? { limits: init.limits } : {}),
    ...(init.policy_version !== undefined ? { policy_version: init.policy_version } : {}),
    ...(init.batch_id !== undefined ? { batch_id: init.batch_id } : {}),
    ...(init.uploaded_before ? { uploaded_before: init.uploaded_before } : {}),
  };
}

/** The problem as a response, with the request's id. */
export function problemResponse(c: Context<AppEnv>, init: ProblemInit): Response {
  // A journal entry in a problem leaves as the operator's role may see it (none: as a viewer).
  const role = c.get('operator')?.role ?? 'viewer';
  const shaped = init.journal ? { ...init, journal: entryForRole(role, init.journal) } : init;
  const body = problemBody(shaped, c.get('requestId') ?? 'unknown');
  return c.body(JSON.stringify(body), init.status as ContentfulStatusCode, {
    ...init.headers,
    'Content-Type': 'application/problem+json',
  });
}

/** Shorthands for the common problems. */
export const problems = {
  unauthenticated: (detail = 'Your session has ended or you are not signed in.') =>
    new ProblemError({ status: 401, code: 'unauthenticated', detail }),
  forbidden: (detail: string) => new ProblemError({ status: 403, code: 'forbidden', detail }),
  notFound: (detail: string) => new ProblemError({ status: 404, code: 'not-found', detail }),
  badRequest: (detail: string, errors?: FieldError[]) =>
    new ProblemError({ status: 400, code: 'bad-request', detail, ...(errors ? { errors } : {}) }),
  validation: (errors: FieldError[]) =>
    new ProblemError({
      status: 400,
      code: 'validation-failed',
      detail: errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '),
      errors,
    }),
  conflict: (detail: string, journal?: JournalEntry) =>
    new ProblemError({ status: 409, code: 'conflict', detail, ...(journal ? { journal } : {}) }),
};
