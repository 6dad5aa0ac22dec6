import { isRecord, problemCode, type ConsoleProblem } from '@console/schemas';
import { formatMoney } from './format-amount';
import type { NameOf } from './record-names';
import { retryOfProblem, type RetryOffer } from './retry-rule';

/** A problem as an operator reads it: what happened, and what to do next. */
export interface ProblemText {
  title: string;
  sentence: string;
  /** Retry/Resolve is offered where sending the same bytes again can succeed (retry-rule.ts). */
  retry: RetryOffer;
}

function meta(problem: ConsoleProblem): Record<string, unknown> {
  const value = problem.upstream?.meta;
  return isRecord(value) ? value : {};
}

const str = (value: unknown, fallback = '?') =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

/**
 * Service problems matched on their code, or on their status where the service sends
 * `about:blank`, never on `detail` (DESIGN.md §3); the console's own problems on status. Every sentence ends with what the operator can do about it.
 */
export function describeProblem(
  problem: ConsoleProblem,
  refId?: string,
  nameOf: NameOf = () => undefined,
): ProblemText {
  const retry = retryOfProblem(problem);
  const ref = refId ?? problem.journal?.ref_id ?? undefined;
  if (problem.code === 'network') {
    return {
      title: 'No answer',
      sentence: `The console server did not answer, so the outcome is not known. ${
        ref ? `Look up reference id ${ref} in the Journal` : 'Check the Journal'
      } before sending again.`,
      retry: null,
    };
  }
  if (problem.journal?.state === 'UNKNOWN') {
    return {
      title: 'Outcome unknown',
      sentence:
        'The service did not answer, so nobody knows yet whether this was done. Resolve sends the same request again with the same reference id: the service never does it twice.',
      retry: 'resolve',
    };
  }
  const upstream = problem.upstream;
  if (upstream) {
    const m = meta(problem);
    switch (problemCode(upstream.type)) {
      case 'insufficient-funds': {
        const id = str(m.profile_id);
        const asset = typeof m.asset === 'string' ? m.asset : undefined;
        const money = (value: unknown) =>
          typeof value === 'string' ? formatMoney(value, asset) : `? ${asset ?? ''}`.trim();
        return {
          title: 'Insufficient funds',
          sentence: `${nameOf({ kind: 'profile', id }) ?? `Profile ${id}`} has ${money(m.available)} available; this needs ${money(m.needed)}. Reduce the amount or fund the profile.`,
          retry,
        };
      }
      case 'already-exists':
        return {
          title: 'Already exists',
          sentence: `A record with this reference id${ref ? ` (${ref})` : ''} already exists, so nothing new was created. Check the existing record below; to make a new request, generate a new reference id.`,
          retry: null,
        };
      case 'expired':
        return {
          title: 'Expired',
          sentence: `${upstream.detail ?? 'What this request relies on has expired.'} Get a fresh one (for a fee, a new quote) and send again.`,
          retry: null,
        };
      case 'exceed-precision':
        return {
          title: 'Too many decimals',
          sentence: `${upstream.detail ?? 'An amount has more decimals than its asset allows.'} Use fewer decimals and send again.`,
          retry,
        };
    }
    // Not found and unauthorised come as `about:blank`: known by their status alone. A 400 reads
    // as the service's own words below.
    if (upstream.status === 404) {
      return {
        title: 'Not found',
        sentence: `${upstream.detail ?? 'The service does not know a record this request names.'} Check the ids (profile, fiat account) and send again.`,
        retry: null,
      };
    }
    if (upstream.status === 401) {
      return {
        title: 'Not authorised by the service',
        sentence:
          'The service did not accept the console’s credentials (its token or signature), so nothing was done. Tell the team that runs the console.',
        retry: null,
      };
    }
    if (upstream.status === 429) {
      return {
        title: 'Too many requests',
        sentence: 'The service is limiting requests. Wait a minute, then retry.',
        retry,
      };
    }
    return {
      title: upstream.title ?? problem.title,
      sentence: `The service refused the request: ${(upstream.detail ?? upstream.title ?? `HTTP ${upstream.status}`).replace(/\.$/, '')}. Correct it and send again.`,
      retry,
    };
  }
  if (problem.code === 'approval-impossible') {
    // Nothing was journaled: the BFF's words say which roles and how many approvers are missing.
    return {
      title: problem.title || 'Nobody can approve this as things stand',
      sentence: problem.detail,
      retry: null,
    };
  }
  if (problem.errors?.length) {
    return {
      title: 'Check the fields',
      sentence: `${problem.errors.length === 1 ? 'One field needs' : `${problem.errors.length} fields need`} attention: see the messages beside them.`,
      retry: null,
    };
  }
  if (problem.status === 403) {
    return {
      title: 'Not allowed',
      sentence: `${problem.detail || 'Your role may not do this.'} Ask an operator whose role allows it.`,
      retry: null,
    };
  }
  if (problem.status === 429) {
    return {
      title: 'Too many requests',
      sentence: `${problem.detail || 'You are sending too fast.'} Wait a moment, then try again.`,
      retry: null,
    };
  }
  if (problem.status >= 500) {
    return {
      title: problem.title || 'The console server failed',
      sentence: `${problem.detail || 'Something went wrong on the console server.'} Try again; if it keeps happening, give the request id to the team.`,
      retry,
    };
  }
  return {
    title: problem.title || 'Request refused',
    sentence: `${problem.detail || 'The console server refused the request.'}`,
    retry,
  };
}
