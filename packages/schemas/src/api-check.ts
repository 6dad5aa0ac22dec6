import type { z } from 'zod';
import { apiContract, type ApiRouteName } from './api-contract';
import type { ApiRoute } from './api-route-spec';
import { isRecord } from './primitives/is-record';

/*
 * Holding answers to the contract: which entry a request falls under, and what is wrong with an
 * answer, each issue naming the member by its path. The BFF's tests check every answer with it;
 * the SPA parses with the same schemas (leniently: a member it does not know is let through).
 */

/** Whether a concrete path (or a route table's pattern) falls under a contract path. */
export function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return got.length > i && got.slice(i).join('/') !== '';
    const actual = got[i];
    if (segment.startsWith(':') ? !actual : segment !== actual) return false;
  }
  return got.length === want.length;
}

/** The contract entry of a request, by method and path (concrete, or a route table pattern). */
export function findApiRoute(
  method: string,
  path: string,
): { name: ApiRouteName; route: ApiRoute } | undefined {
  for (const [name, route] of Object.entries(apiContract) as [ApiRouteName, ApiRoute][]) {
    if (route.method === method && matchesPath(route.path, path)) return { name, route };
  }
  return undefined;
}

/** The issues of a zod error, each as `path: message` (`(answer)` for the whole body). */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
}

/**
 * Members of `input` that parsing dropped: what the BFF sends and the contract does not describe.
 * Members that pass through whole (`z.unknown()`, loose objects) are never reported.
 */
export function undeclaredMembers(input: unknown, output: unknown, at: string[] = []): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, i) => undeclaredMembers(item, output[i], [...at, String(i)]));
  }
  if (!isRecord(input) || !isRecord(output) || input === output) return [];
  return Object.keys(input).flatMap((key) =>
    key in output
      ? undeclaredMembers(input[key], output[key], [...at, key])
      : [`${[...at, key].join('.')}: not in the contract`],
  );
}

/**
 * What is wrong with an answer of `route`: empty when it holds to the contract. A success must
 * be of a status the route declares and parse with its schema, with no member the schema does not
 * name; an error (4xx, 5xx) must be the problem shape.
 *
 * @example
 * answerIssues(apiContract.getJournalEntry, 200, { ...entry, state: 'LOST' });
 * // ['state: Invalid option: expected one of "SENDING"|…']
 */
export function answerIssues(route: ApiRoute, status: number, body: unknown): string[] {
  const schema = status >= 400 ? route.problem : route.responses[status];
  if (schema === undefined) return [`(answer): status ${status} is not one the contract declares`];
  if (schema === null) {
    return body === undefined || body === '' ? [] : ['(answer): a body where none is declared'];
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return issueLines(parsed.error);
  return undeclaredMembers(body, parsed.data);
}
