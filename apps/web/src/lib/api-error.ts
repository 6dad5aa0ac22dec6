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

function isProblem(value: unknown): value is ConsoleProblem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { title?: unknown }).title === 'string'
  );
}

export async function problemFrom(response: Response): Promise<ConsoleProblem> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (isProblem(body)) return { ...body, status: body.status || response.status };
  } catch {
    // Not JSON: fall through to a generic problem.
  }
  return unreadableProblem(response.status, response.statusText);
}
