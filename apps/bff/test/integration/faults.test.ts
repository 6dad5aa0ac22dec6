import { exampleInput, type JournalEntry } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../fault-proxy';
import { sandboxHarness } from '../sandbox-harness';

type Harness = Awaited<ReturnType<typeof sandboxHarness>>;

/**
 * Faults between the BFF and a real sandbox: whatever goes wrong on the wire, the operator sees
 * the right outcome, the sandbox holds one record per intent and the journal says what happened.
 */
describe('faults on the way to the service', () => {
  let h: Harness;
  let cookie: string;
  beforeAll(async () => {
    h = await sandboxHarness({
      alg: 'EdDSA',
      secrets: { values: new Set(), tokens: 0 },
      faults: true,
      timeoutMs: 1_000,
    });
    cookie = await h.signIn('finance');
  });
  afterAll(() => h.close());

  async function send(...faults: Fault[]) {
    h.proxy!.queue(...faults);
    const res = await h.post(
      '/api/operations/createInternalTransfer',
      cookie,
      exampleInput('createInternalTransfer'),
    );
    const body = (await res.json()) as { journal: JournalEntry; data?: { id: string } };
    return { status: res.status, ...body };
  }

  async function recordsFor(refId: string | null) {
    const state = await h.control<{ transfers: { ref_id?: string; direction: string }[] }>(
      'GET',
      '/state',
    );
    return state.transfers.filter((t) => t.ref_id === refId && t.direction === 'DEBIT').length;
  }

  it.each<[string, Fault[], number]>([
    ['accepts then resets the connection', ['reset-after-forward'], 2],
    ['accepts then times out', ['hang-after-forward'], 2],
    ['503 twice then 200', [{ status: 503 }, { status: 503 }], 3],
    ['429 then 200', [{ status: 429 }], 2],
    ['401 once (a fresh token is fetched)', [{ status: 401 }], 2],
  ])('%s: succeeds with one record upstream', async (_name, faults, attempts) => {
    const result = await send(...faults);
    expect(result.status).toBe(200);
    expect(result.journal).toMatchObject({ state: 'SUCCEEDED', attempts });
    expect(result.data?.id).toEqual(expect.any(String));
    expect(await recordsFor(result.journal.ref_id)).toBe(1);
  });

  it('no answer after every retry is UNKNOWN; a retry from the journal resolves it by reading the record back', async () => {
    const first = await send(
      'reset-after-forward',
      'reset-after-forward',
      'reset-after-forward',
      'reset-after-forward',
    );
    expect(first.status).toBe(502);
    expect(first.journal).toMatchObject({ state: 'UNKNOWN', attempts: 4 });
    expect(first.journal.error).toEqual(expect.any(String));
    expect(await recordsFor(first.journal.ref_id)).toBe(1);

    const res = await h.post(`/api/journal/${first.journal.id}/retry`, cookie, {});
    const retried = (await res.json()) as { journal: JournalEntry; data: { id: string } };
    expect(res.status).toBe(200);
    // The record is found by its ref_id: nothing is sent again, so the attempts stay four.
    expect(retried.journal).toMatchObject({
      id: first.journal.id,
      state: 'SUCCEEDED',
      response_status: 200,
      attempts: 4,
    });
    expect(retried.data).toMatchObject({ ref_id: first.journal.ref_id });
    expect(await recordsFor(first.journal.ref_id)).toBe(1);
  });
});
