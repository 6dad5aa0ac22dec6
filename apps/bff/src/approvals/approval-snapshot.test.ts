import { DEMO_IDS } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { scriptedClient } from '../../test/harness';
import { ProblemError } from '../errors';
import type { UpstreamOutcome } from '../upstream/outcome';
import { changeForRole, changedSince, compareWithNow, takeSnapshot } from './approval-snapshot';

const id = DEMO_IDS.fiatAccounts.acme;
const path = `/v2/transfer/fiat-accounts/${id}`;
const account = {
  id,
  status: 'APPROVED',
  updated_at: '2026-11-01T00:00:00Z',
  fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
  fiat_network_instructions: { wire: { account_number: '400123456789' } },
  metadata: { seeded: 'true' },
};
const answered = (status: number, body: unknown): UpstreamOutcome => ({
  kind: 'answered',
  status,
  body,
  attempts: 1,
  retried: false,
});
const deps = (answer: () => UpstreamOutcome) => {
  const scripted = scriptedClient(answer);
  return { deps: { client: scripted.client, timeoutMs: 1_000 }, requests: scripted.requests };
};

describe('changedSince: what changed at the service since the request was made', () => {
  it('names each member of the owner, instructions and metadata that differs', () => {
    const now = structuredClone(account);
    now.fiat_account_owner.person_details.last_name = 'Changed';
    now.metadata = { seeded: 'true', note: 'x' } as typeof account.metadata;
    expect(changedSince('updateFiatAccount', account, now)).toEqual([
      {
        path: 'fiat_account_owner.person_details.last_name',
        before: 'Corporation',
        after: 'Changed',
      },
      { path: 'metadata.note', before: undefined, after: 'x' },
    ]);
  });

  it('does not count the status or the times: the service reviewing an account is not a change', () => {
    const now = { ...account, status: 'PENDING', updated_at: '2026-11-22T00:00:00Z' };
    expect(changedSince('updateFiatAccount', account, now)).toEqual([]);
  });
});

describe('changeForRole', () => {
  const change = {
    path: 'fiat_account_owner.person_details.last_name',
    before: 'Corporation',
    after: 'Lovelace',
  };

  it.each([
    ['viewer', true],
    ['finance', true],
    ['support', false],
    ['admin', false],
  ] as const)(
    'a fiat account change seen by %s is masked: %s (whole only for the roles that see the account whole)',
    (role, masked) => {
      const seen = changeForRole(role, 'updateFiatAccount', change);
      expect(seen).toEqual(masked ? { ...change, before: 'C.', after: 'L.' } : change);
    },
  );

  it('leaves members that are not personal as they are, for every role', () => {
    const status = { path: 'status', before: 'A', after: 'B' };
    for (const role of ['viewer', 'finance'] as const) {
      expect(changeForRole(role, 'updateFiatAccount', status)).toEqual(status);
    }
  });
});

describe('takeSnapshot: the record, read by the BFF when it holds the request', () => {
  it('reads the account the request names, with the read scope, and keeps it', async () => {
    const { deps: d, requests } = deps(() => answered(200, account));
    const snapshot = await takeSnapshot(
      d,
      'updateFiatAccount',
      path,
      'req-1',
      Date.UTC(2026, 10, 22),
    );
    expect(snapshot).toEqual({ record: account, read_at: '2026-11-22T00:00:00.000Z' });
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path,
        scope: 'transfer:read_fiat_account',
        body: '',
      }),
    ]);
  });

  it('keeps nothing, and reads nothing, for a write without a record to keep', async () => {
    const { deps: d, requests } = deps(() => answered(200, {}));
    expect(await takeSnapshot(d, 'createInternalTransfer', '/v2/transfer/internal', 'r', 0)).toBe(
      undefined,
    );
    expect(requests).toEqual([]);
  });

  it.each([
    ['an account the service does not have', answered(404, { title: 'Not Found' }), 404],
    ['a read that fails', answered(503, {}), 502],
    ['no answer', { kind: 'no-answer', error: 'timeout', attempts: 3 } as UpstreamOutcome, 502],
  ])('refuses the hold for %s', async (_, outcome, status) => {
    const { deps: d } = deps(() => outcome);
    const error = await takeSnapshot(d, 'deleteFiatAccount', path, 'r', 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).init.status).toBe(status);
    expect((error as ProblemError).init.detail).toMatch(/^Nothing was journaled/);
  });
});

describe('compareWithNow', () => {
  const snapshot = { record: account, read_at: '2026-11-01T00:00:00.000Z' };
  const entry = { operation: 'updateFiatAccount', request_path: path };

  it('says the account is gone when the service no longer has it', async () => {
    const { deps: d } = deps(() => answered(404, {}));
    expect(await compareWithNow(d, entry, snapshot, 'admin', 'r', 0)).toMatchObject({
      gone: true,
      changes: [],
    });
  });

  it('says why it could not read it again, instead of claiming nothing changed', async () => {
    const { deps: d } = deps(() => ({
      kind: 'no-answer',
      error: 'timeout after 1000 ms',
      attempts: 1,
    }));
    expect(await compareWithNow(d, entry, snapshot, 'admin', 'r', 0)).toMatchObject({
      error: 'timeout after 1000 ms',
    });
  });
});
