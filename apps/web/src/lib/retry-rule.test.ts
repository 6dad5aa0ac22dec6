import type { ConsoleProblem, JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { retryOfEntry, retryOfProblem, retryOffer } from './retry-rule';

const problem = (extra: Partial<ConsoleProblem>): ConsoleProblem => ({
  type: '/problems/rejected',
  title: 'The service rejected the request',
  status: 422,
  detail: '',
  code: 'rejected',
  request_id: 'req',
  journal: { id: 'j', state: 'REJECTED' } as JournalEntry,
  ...extra,
});
const upstream = (status: number, code = 'about:blank') => ({
  status,
  type: code === 'about:blank' ? code : `https://svc.example/problems/${code}`,
});

describe('when the console offers to send the same request again', () => {
  it('offers Resolve for an unknown outcome, whatever the status', () => {
    expect(retryOffer({ state: 'UNKNOWN', status: 400, code: undefined })).toBe('resolve');
  });

  it.each([
    [429, 'about:blank'],
    [500, 'about:blank'],
    [503, 'about:blank'],
    [408, 'about:blank'],
    [403, 'insufficient-funds'],
  ])('offers Retry where it can succeed: %s %s', (status, code) => {
    expect(retryOfProblem(problem({ upstream: upstream(status, code) }))).toBe('retry');
  });

  it.each([
    [400, 'about:blank'],
    [400, 'exceed-precision'],
    [401, 'about:blank'],
    [403, 'expired'],
    [404, 'about:blank'],
    [409, 'already-exists'],
    [422, 'invalid-destination'],
  ])('offers nothing where the same bytes fail the same way: %s %s', (status, code) => {
    expect(retryOfProblem(problem({ upstream: upstream(status, code) }))).toBeNull();
  });

  it('offers nothing when nothing was journaled, or it was not refused', () => {
    expect(
      retryOfProblem(problem({ journal: undefined, status: 422, code: 'approval-impossible' })),
    ).toBeNull();
    expect(retryOffer({ state: 'SUCCEEDED', status: 503, code: undefined })).toBeNull();
    expect(
      retryOffer({ state: 'AWAITING_APPROVAL', status: undefined, code: undefined }),
    ).toBeNull();
  });

  it('reads a journal entry by the answer it recorded', () => {
    const entry = (response_status: number | null, response: unknown) =>
      retryOfEntry({ state: 'REJECTED', response_status, response });
    expect(entry(403, { type: 'https://svc.example/problems/insufficient-funds' })).toBe('retry');
    expect(entry(400, { type: 'about:blank', detail: 'amount: too many decimals' })).toBeNull();
    expect(entry(502, null)).toBe('retry');
    // Refused by an approver or at send time: no answer of the service, nothing to retry.
    expect(entry(null, null)).toBeNull();
  });
});
