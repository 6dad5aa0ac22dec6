/**
 * Test support: every answer the BFF gives in a test is held to the browser's contract
 * (`apiContract` of @console/schemas). An answer that drifts from it fails the test that got it,
 * naming the route, the status and the path of each bad member. Used by tests only.
 */
import { answerIssues, ConsoleProblemSchema, findApiRoute, issueLines } from '@console/schemas';

/** What is wrong with one answer of the BFF; empty when it holds to the contract. */
export async function contractIssues(method: string, path: string, res: Response) {
  if (!path.startsWith('/api/') || method === 'HEAD' || method === 'OPTIONS') return [];
  const found = findApiRoute(method, path);
  const type = res.headers.get('content-type') ?? '';
  // A stream never ends by itself: its type is what can be held to the contract.
  if (found?.route.media === 'event-stream' && res.status < 400) {
    return type.startsWith('text/event-stream') ? [] : [`(answer): ${type}, not an event stream`];
  }
  const text = await res.text();
  if (res.status >= 400 || !found) {
    if (res.status < 400) return [`(route): ${method} ${path} has no entry in the contract`];
    if (!type.startsWith('application/problem+json')) return [`(answer): ${type}, not a problem`];
    const body: unknown = JSON.parse(text);
    if (found) return answerIssues(found.route, res.status, body);
    const parsed = ConsoleProblemSchema.safeParse(body);
    return parsed.success ? [] : issueLines(parsed.error);
  }
  if (res.status === 204 || text === '') return answerIssues(found.route, res.status, undefined);
  const media = found.route.media ?? 'json';
  const expected = {
    json: 'application/json',
    csv: 'text/csv',
    text: 'text/plain',
    'event-stream': 'text/event-stream',
  }[media];
  if (!type.startsWith(expected)) return [`(answer): ${type}, where ${expected} is declared`];
  return answerIssues(found.route, res.status, media === 'json' ? JSON.parse(text) : text);
}

type Requester = (
  input: Request | string | URL,
  init?: RequestInit,
  ...rest: never[]
) => Response | Promise<Response>;

/**
 * Makes `app.request` check every answer against the contract before the test sees it.
 *
 * @example
 * const app = heldToContract(createApp(deps));
 * await app.request('/api/journal'); // throws when the page drifts from JournalPageSchema
 */
export function heldToContract<App extends { request: Requester }>(app: App): App {
  const request = app.request.bind(app) as Requester;
  const checked: Requester = async (input, init, ...rest) => {
    const res = await request(input, init, ...rest);
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    const path = new URL(url, 'http://localhost').pathname;
    // A stream is not cloned: a tee's source ends only when both copies are cancelled.
    const streamed = findApiRoute(method, path)?.route.media === 'event-stream';
    const issues = await contractIssues(method, path, streamed ? res : res.clone());
    if (issues.length > 0) {
      const name = findApiRoute(method, path)?.route.path ?? path;
      throw new Error(
        `${method} ${name} answered ${res.status} outside its contract:\n  ${issues.join('\n  ')}`,
      );
    }
    return res;
  };
  app.request = checked as App['request'];
  return app;
}
