import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ApiError } from './api-error';
import {
  getJournalEntry,
  getSession,
  listJournal,
  readService,
  sendOperation,
  setUnauthorizedHandler,
  signOut,
} from './api';
import { OrderPageSchema } from './read-schemas';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

const entry = {
  id: 'j-1',
  operation: 'createOrder',
  operator: 'fin',
  operator_name: 'Fin Ance',
  ref_id: 'r-1',
  state: 'SUCCEEDED',
  method: 'POST',
  request_path: '/v2/profiles/p/orders',
  request_body: '{}',
  body_sha256: 'abc',
  attempts: 1,
  response_status: 200,
  response: { id: 'o-1' },
  error: null,
  request_id: 'req-1',
  created_at: '2026-11-22T02:00:00Z',
  updated_at: '2026-11-22T02:00:00Z',
  policy_version: null,
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API module', () => {
  it('answers what the contract parsed', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, entry));
    expect(await getJournalEntry('j 1')).toEqual(entry);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/journal/j%201');
  });

  it('turns a drifted answer into an error naming the route and the member', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...entry, state: 'LOST' }));
    const error = await failure(getJournalEntry('j-1'));
    expect(error.problem.code).toBe('unexpected-answer');
    expect(error.message).toMatch(/^GET \/api\/journal\/:id answered 200 in a shape .*\(state: /);
    expect(error.status).toBe(502);
  });

  it('names members inside lists, and a missing one', async () => {
    const { state: _, ...withoutState } = entry;
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [entry, withoutState] }));
    const error = await failure(listJournal({}));
    expect(error.message).toContain('GET /api/journal answered 200');
    expect(error.message).toContain('items.1.state: ');
    expect(error.message).toContain('next_cursor: ');
  });

  it('refuses a status the route does not declare', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { data: {}, journal: entry }));
    const error = await failure(sendOperation('createOrder', {}));
    expect(error.message).toMatch(/^POST \/api\/operations\/:operation answered 201 /);
  });

  it('tells a send held for approval by its status and parses its approval', async () => {
    const approval = {
      required: true,
      approvers_needed: 1,
      eligible_roles: ['finance'],
      expires_at: '2026-11-23T02:00:00Z',
    };
    fetchMock.mockResolvedValue(jsonResponse(202, { journal: entry, approval }));
    expect(await sendOperation('createOrder', {})).toEqual({ journal: entry, approval });
    fetchMock.mockResolvedValue(jsonResponse(202, { journal: entry, approval: {} }));
    const error = await failure(sendOperation('createOrder', {}));
    expect(error.message).toContain('approval.required: ');
  });

  it('lets the service’s answer to a send through as it came', async () => {
    const data = { id: 'o-1', status: 'A STATUS NOBODY KNOWS', extra: [1, 2] };
    fetchMock.mockResolvedValue(jsonResponse(200, { data, journal: entry }));
    expect(await sendOperation('createOrder', {})).toEqual({ data, journal: entry });
  });

  it('parses a read’s data with the registry’s schema, naming the member under data', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { items: 'none' } }));
    const error = await failure(readService('/v2/orders', { limit: 50 }, OrderPageSchema));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/svc/v2/orders?limit=50');
    expect(error.message).toMatch(/^GET \/api\/svc\/v2\/orders answered 200 .*\(data\.items: /);
  });

  it('keeps a refusal’s problem, and its status when the body is not a problem', async () => {
    const problem = {
      type: '/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: 'There is no journal entry with this id.',
      code: 'not-found',
      request_id: 'req-4',
    };
    fetchMock.mockResolvedValue(jsonResponse(404, problem, 'application/problem+json'));
    expect((await failure(getJournalEntry('j-1'))).problem).toEqual(problem);

    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'expired' }));
    const error = await failure(getJournalEntry('j-1'));
    expect(error.status).toBe(401);
    expect(error.message).toContain('(type: ');
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('reads no session as null, and a sign-out’s 204 as nothing', async () => {
    const problem = {
      type: '/problems/unauthenticated',
      title: 'Sign in to continue',
      status: 401,
      detail: 'Your session has ended or you are not signed in.',
      code: 'unauthenticated',
      request_id: 'req-5',
    };
    fetchMock.mockResolvedValue(jsonResponse(401, problem, 'application/problem+json'));
    expect(await getSession()).toBeNull();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await signOut()).toBeUndefined();
  });
});
