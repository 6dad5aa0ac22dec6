import type { ConsoleProblem, JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { describeProblem } from './problem-sentence';

const problem = (extra: Partial<ConsoleProblem>): ConsoleProblem => ({
  type: 'about:blank',
  title: 'Refused',
  status: 422,
  detail: '',
  code: 'upstream',
  request_id: 'req',
  ...extra,
});
const upstream = (code: string, meta?: unknown) => ({
  status: 403,
  type: `https://svc.example/problems/${code}`,
  detail: 'The quote q-1 has expired.',
  meta,
});

describe('describeProblem', () => {
  it('says how much is available and what to do', () => {
    const text = describeProblem(
      problem({
        upstream: upstream('insufficient-funds', {
          profile_id: 'p-1',
          asset: 'USD',
          available: '12.00',
          needed: '125.50',
        }),
        journal: { id: 'j', state: 'REJECTED' } as JournalEntry,
      }),
    );
    expect(text.sentence).toBe(
      'Profile p-1 has 12.00 USD available; this needs 125.50 USD. Reduce the amount or fund the profile.',
    );
    expect(text.retry).toBe('retry');
  });

  it('names the profile by its nickname and formats the amounts', () => {
    const text = describeProblem(
      problem({
        upstream: upstream('insufficient-funds', {
          profile_id: 'p-1',
          asset: 'USD',
          available: '1000000',
          needed: '1250000.5',
        }),
        journal: { id: 'j', state: 'REJECTED' } as JournalEntry,
      }),
      undefined,
      ({ kind, id }) => (kind === 'profile' && id === 'p-1' ? 'Treasury' : undefined),
    );
    expect(text.sentence).toBe(
      'Treasury has 1,000,000.00 USD available; this needs 1,250,000.50 USD. Reduce the amount or fund the profile.',
    );
  });

  it('says why nobody can approve a send, in the console’s words, with nothing to retry', () => {
    const text = describeProblem(
      problem({
        status: 422,
        code: 'approval-impossible',
        title: 'Nobody can approve this as things stand',
        detail: 'Nothing was journaled: it could never be sent. Needs 2 more approvals from admin.',
      }),
    );
    expect(text).toEqual({
      title: 'Nobody can approve this as things stand',
      sentence: 'Nothing was journaled: it could never be sent. Needs 2 more approvals from admin.',
      retry: null,
    });
  });

  it('offers no Retry on a refusal the same bytes meet again', () => {
    const text = describeProblem(
      problem({
        upstream: upstream('exceed-precision'),
        journal: { id: 'j', state: 'REJECTED' } as JournalEntry,
      }),
    );
    expect(text.retry).toBeNull();
  });

  it('offers Resolve, not Retry, when the outcome is unknown', () => {
    const text = describeProblem(
      problem({ status: 502, journal: { id: 'j', state: 'UNKNOWN' } as JournalEntry }),
    );
    expect(text.retry).toBe('resolve');
    expect(text.sentence).toMatch(/same reference id/);
  });

  it.each([
    ['already-exists', /already exists, so nothing new was created/],
    ['expired', /expired\. Get a fresh one/],
    ['exceed-precision', /fewer decimals/],
  ])('%s reads as a next step', (code, sentence) => {
    expect(describeProblem(problem({ upstream: upstream(code) })).sentence).toMatch(sentence);
  });

  it('knows not found by its status, as the service sends it: about:blank', () => {
    const text = describeProblem(
      problem({
        upstream: { status: 404, type: 'about:blank', title: 'Not Found', detail: 'id: x' },
      }),
    );
    expect(text.title).toBe('Not found');
    expect(text.sentence).toMatch(/^id: x Check the ids/);
  });

  it.each([
    [404, /Check the ids/],
    [401, /did not accept the console’s credentials/],
    [400, /refused the request: The quote q-1 has expired\. Correct it/],
  ])('knows a %s about:blank by its status', (status, sentence) => {
    const text = describeProblem(
      problem({ upstream: { status, type: 'about:blank', detail: 'The quote q-1 has expired.' } }),
    );
    expect(text.sentence).toMatch(sentence);
    expect(text.retry).toBeNull();
  });

  it('reads no meaning into a problem type the service does not send', () => {
    const text = describeProblem(problem({ upstream: upstream('not-found') }));
    expect(text.title).not.toBe('Not found');
  });

  it('never matches on detail: an unknown code shows the service’s words', () => {
    const text = describeProblem(
      problem({ upstream: { status: 400, detail: 'insufficient-funds' } }),
    );
    expect(text.title).toBe('Refused');
    expect(text.sentence).toMatch(/The service refused the request: insufficient-funds/);
  });

  it('tells a lost answer from a refusal', () => {
    const text = describeProblem(problem({ status: 0, code: 'network' }), 'r-9');
    expect(text.sentence).toMatch(/Look up reference id r-9 in the Journal/);
    expect(text.retry).toBeNull();
  });
});
