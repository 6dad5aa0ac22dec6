import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { heldToContract } from './contract-check';

const entry = {
  id: '00000000-0000-4000-8000-000000000001',
  operation: 'createOrder',
  operator: 'finance',
  operator_name: 'Test finance',
  ref_id: null,
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
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  policy_version: null,
};

/** A stand-in BFF whose answers the test chooses: the check is under test, not the BFF. */
function answering(status: number, body: unknown, type = 'application/json') {
  const app = new Hono();
  app.all(
    '*',
    () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } }),
  );
  return heldToContract(app);
}

describe('holding the BFF’s answers to the contract', () => {
  it('lets an answer that holds to its entry through', async () => {
    const res = await answering(200, entry).request('/api/journal/x');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(entry);
  });

  it('names the route and the member of a drifted answer', async () => {
    const drifted = { ...entry, state: 'LOST', attempts: '1' };
    await expect(answering(200, drifted).request('/api/journal/x')).rejects.toThrow(
      /GET \/api\/journal\/:id answered 200 outside its contract:\n {2}state: .*\n {2}attempts: /,
    );
  });

  it('names a member the contract does not describe', async () => {
    const leaking = { items: [{ ...entry, password_hash: 'x' }], next_cursor: null };
    await expect(answering(200, leaking).request('/api/journal')).rejects.toThrow(
      'items.0.password_hash: not in the contract',
    );
  });

  it('refuses a status the entry does not declare, and a route it does not know', async () => {
    await expect(answering(201, entry).request('/api/journal/x')).rejects.toThrow(
      'status 201 is not one the contract declares',
    );
    await expect(answering(200, {}).request('/api/nowhere')).rejects.toThrow(
      'GET /api/nowhere has no entry in the contract',
    );
  });

  it('holds every error to the problem shape, on any path', async () => {
    const problem = { type: '/problems/x', title: 'X', status: 404, detail: 'x', request_id: 'r' };
    await expect(
      answering(404, problem, 'application/problem+json').request('/api/nowhere'),
    ).rejects.toThrow('code: Invalid input');
    await expect(answering(500, problem).request('/api/journal')).rejects.toThrow(
      'application/json, not a problem',
    );
  });
});
