import type { ConsoleProblem } from '@console/schemas';

/**
 * What every failed BFF call throws: the problem body as the BFF sent it, or one made up here
 * when there was no usable answer (network down, a proxy's HTML error page).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: ConsoleProblem;

  constructor(problem: ConsoleProblem) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  /** True when no answer came back at all: the send may or may not have reached the BFF. */
  get isNetwork(): boolean {
    return this.problem.code === 'network';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function networkProblem(detail: string): ConsoleProblem {
  return {
    type: 'about:blank',
    title: 'No answer from the console server',
    status: 0,
    detail,
    code: 'network',
    request_id: '',
  };
}

/** A problem for an answer that was not problem+json (a proxy page, an empty 502). */
export function unreadableProblem(status: number, statusText: string): ConsoleProblem {
  return {
    type: 'about:blank',
    title: statusText || `HTTP ${status}`,
    status,
    detail: `The console server answered ${status} ${statusText} without details.`,
    code: status === 401 ? 'unauthenticated' : 'http-error',
    request_id: '',
  };
}

/**
 * The error for an answer that does not hold to the route's contract: the route and each bad
 * member by its path, so that a drift between the BFF and the SPA shows as what it is. A refusal
 * keeps its status (a 401 still means signed out); a success that cannot be read is a 502.
 */
export function unexpectedAnswer(
  route: { method: string; path: string },
  status: number,
  issues: readonly string[],
  requestId: string,
): ApiError {
  const shown = issues.slice(0, 3).join('; ');
  const more = issues.length > 3 ? ` and ${issues.length - 3} more` : '';
  return new ApiError({
    type: 'about:blank',
    title: 'The console server answered in an unexpected shape',
    status: status >= 400 ? status : 502,
    detail: `${route.method} ${route.path} answered ${status} in a shape the console does not know (${shown}${more}).`,
    code: 'unexpected-answer',
    request_id: requestId,
  });
}
