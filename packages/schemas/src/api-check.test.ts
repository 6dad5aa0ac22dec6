import { describe, expect, it } from 'vitest';
import { answerIssues, findApiRoute, matchesPath, undeclaredMembers } from './api-check';
import { apiContract } from './api-contract';
import type { ApiRoute } from './api-route-spec';

describe('matchesPath', () => {
  it.each([
    ['/api/session', '/api/session', true],
    ['/api/session', '/api/session/extend', false],
    ['/api/journal/:id', '/api/journal/7', true],
    ['/api/journal/:id', '/api/journal/:id', true],
    ['/api/journal/:id', '/api/journal/', false],
    ['/api/journal/:id', '/api/journal.csv', false],
    ['/api/journal/:id/retry', '/api/journal/7', false],
    ['/api/svc/v2/*', '/api/svc/v2/profiles/p/orders', true],
    ['/api/svc/v2/*', '/api/svc/v2/', false],
    ['/api/svc/v2/*', '/api/svc/v3/orders', false],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matchesPath(pattern, path)).toBe(expected);
  });
});

describe('the contract', () => {
  const entries = Object.entries(apiContract) as [string, ApiRoute][];

  it('names each method and path once', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds each entry by its own method and path, and nothing outside /api', () => {
    for (const [name, e] of entries) expect(findApiRoute(e.method, e.path)?.name).toBe(name);
    expect(findApiRoute('GET', '/assets/x.js')).toBeUndefined();
    expect(findApiRoute('PUT', '/api/session')).toBeUndefined();
  });

  it('declares a success for every entry, and a body only where the method has one', () => {
    for (const [name, e] of entries) {
      expect(Object.keys(e.responses).length, name).toBeGreaterThan(0);
      if (e.method === 'GET' || e.method === 'DELETE') expect(e.body, name).toBeUndefined();
    }
  });
});

describe('answerIssues', () => {
  const info = {
    operator: { username: 'ada', display_name: 'Ada', role: 'admin' },
    operations: ['createOrder'],
    expires_at: '2026-01-01T10:15:00Z',
    ends_at: '2026-01-01T18:00:00Z',
  };

  it('is empty for an answer that holds to its entry', () => {
    expect(answerIssues(apiContract.getSession, 200, info)).toEqual([]);
    expect(answerIssues(apiContract.signOut, 204, undefined)).toEqual([]);
  });

  it('names each bad member by its path', () => {
    const drifted = { ...info, operator: { ...info.operator, role: 'root' }, ends_at: 5 };
    expect(answerIssues(apiContract.getSession, 200, drifted)).toEqual([
      expect.stringMatching(/^operator\.role: Invalid option/),
      expect.stringMatching(/^ends_at: Invalid input: expected string/),
    ]);
  });

  it('names members the contract does not describe', () => {
    const leaking = { ...info, operator: { ...info.operator, password_hash: 'x' } };
    expect(answerIssues(apiContract.getSession, 200, leaking)).toEqual([
      'operator.password_hash: not in the contract',
    ]);
  });

  it('refuses a status the entry does not declare, and a body where none is', () => {
    expect(answerIssues(apiContract.getSession, 201, info)).toEqual([
      '(answer): status 201 is not one the contract declares',
    ]);
    expect(answerIssues(apiContract.signOut, 204, {})).toEqual([
      '(answer): a body where none is declared',
    ]);
  });

  it('holds every error to the problem shape', () => {
    const problem = {
      type: '/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: 'There is nothing with this id.',
      code: 'not-found',
      request_id: 'r-1',
    };
    expect(answerIssues(apiContract.getJournalEntry, 404, problem)).toEqual([]);
    expect(answerIssues(apiContract.getJournalEntry, 404, { ...problem, code: 4 })).toEqual([
      expect.stringMatching(/^code: /),
    ]);
  });

  it('lets the service’s answer pass through a send whole', () => {
    const journal = {
      id: 'j-1',
      operation: 'createOrder',
      operator: 'ada',
      operator_name: 'Ada',
      ref_id: 'r-1',
      state: 'SUCCEEDED',
      method: 'POST',
      request_path: '/v2/profiles/p/orders',
      request_body: '{}',
      body_sha256: 'abc',
      attempts: 1,
      response_status: 200,
      response: { id: 'o-1', added_later: true },
      error: null,
      request_id: 'req-1',
      policy_version: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const data = { id: 'o-1', anything: { nested: [1] } };
    expect(answerIssues(apiContract.sendOperation, 200, { data, journal })).toEqual([]);
    expect(answerIssues(apiContract.sendOperation, 200, { data })).toEqual([
      'journal: Invalid input: expected object, received undefined',
    ]);
  });
});

describe('undeclaredMembers', () => {
  it('walks arrays and nested objects, and leaves passed-through values alone', () => {
    const same = { x: 1 };
    expect(undeclaredMembers({ a: [{ b: 1, c: 2 }], d: same }, { a: [{ b: 1 }], d: same })).toEqual(
      ['a.0.c: not in the contract'],
    );
  });
});
