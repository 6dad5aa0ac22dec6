import type { AwaitingApprovalResult, SendResult } from '@console/schemas';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { entryForRole, recordForRole, recordOfOperation } from '../access/personal-data';
import { problemResponse } from '../errors';
import type { Dispatched } from './dispatch';

/** The service's problem as the browser sees it under `upstream`. */
export function upstreamProblem(status: number, body: unknown) {
  const problem =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (key: string) =>
    typeof problem[key] === 'string' ? (problem[key] as string) : undefined;
  return {
    status,
    ...(text('type') ? { type: text('type') } : {}),
    ...(text('title') ? { title: text('title') } : {}),
    ...(text('detail') !== undefined
      ? { detail: text('detail') }
      : typeof body === 'string' && body
        ? { detail: body.slice(0, 500) }
        : {}),
    ...(problem.meta !== undefined ? { meta: problem.meta } : {}),
  };
}

/**
 * The browser's answer to a send. Held for approval: `202 {journal, approval}`. SUCCEEDED: `200 {data, journal}`. REJECTED: 422 with the
 * service's problem under `upstream` (its own 401/403 must not read as the console's session or
 * role). UNKNOWN: 504 after a timeout, else 502, saying the entry can be resolved by a retry.
 * Not sent at all: 429 with `Retry-After` when the service budget had no room, else 502.
 */
export function sendResponse(c: Context<AppEnv>, result: Dispatched): Response {
  const { entry } = result;
  // What leaves is what the operator's role may see of the entry and of the service's record
  // (`problemResponse` shapes the entries of problems itself).
  const role = c.get('operator')?.role ?? 'viewer';
  const shaped = entryForRole(role, entry);
  if (result.approval) {
    // Accepted, not carried out: the request waits for other operators.
    const body: AwaitingApprovalResult = { journal: shaped, approval: result.approval };
    return c.json(body, 202);
  }
  if (entry.state === 'SUCCEEDED' || entry.state === 'DUPLICATE') {
    const data = recordForRole(
      role,
      recordOfOperation(entry.operation),
      result.data ?? entry.response,
    );
    const body: SendResult = { data, journal: shaped };
    return c.json(body, 200);
  }
  if (result.notSent && result.retryAfterMs !== undefined) {
    // Held back by the console itself, to keep the service from throttling it for everyone.
    const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    return problemResponse(c, {
      status: 429,
      code: 'rate-limited',
      detail: `Nothing was sent (${result.notSent}). Retry it from the journal in ${seconds} s: the same request goes out, with the same ref_id.`,
      headers: { 'Retry-After': String(seconds) },
      journal: entry,
    });
  }
  if (result.notSent) {
    return problemResponse(c, {
      status: 502,
      code: 'upstream-unavailable',
      detail: `Nothing was sent: the console could not make the request (${result.notSent}). Retry when the service is reachable.`,
      journal: entry,
    });
  }
  if (entry.state === 'REJECTED') {
    const upstream = upstreamProblem(entry.response_status ?? 0, entry.response);
    return problemResponse(c, {
      status: 422,
      code: 'rejected',
      detail: upstream.detail ?? upstream.title ?? `The service answered ${upstream.status}.`,
      upstream,
      journal: entry,
    });
  }
  const timedOut = /timeout|timed out/i.test(entry.error ?? '');
  return problemResponse(c, {
    status: timedOut ? 504 : 502,
    code: 'outcome-unknown',
    detail: `No final answer from the service (${entry.error ?? 'unknown error'}). The request may or may not have been carried out; retry it from the journal to find out: the same bytes are sent again, with the same ref_id, so the service does not act twice.`,
    ...(entry.response_status
      ? { upstream: upstreamProblem(entry.response_status, entry.response) }
      : {}),
    journal: entry,
  });
}
