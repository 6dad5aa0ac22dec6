import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_IDS, READ_OPERATION_IDS, exampleInput, operations } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from './test-support';

/*
 * What the filter tests of src/handlers share (filters-rows.test.ts, filters-members.test.ts): a
 * sandbox with the demo seed and records that differ from it in the members lists filter on, its
 * state as the control API reads it, and the helpers that read a list and compare its records.
 */

export const P = DEMO_IDS.profiles;
export const alice = { identity: DEMO_IDS.identities.alice, account: DEMO_IDS.accounts.alice };
export type Item = Record<string, unknown>;
export let sbx: TestSandbox;
export let state: Record<string, Item[]>;
export const ref = (list: string, refId: string) => state[list]!.find((r) => r.ref_id === refId)!;
export const createdAt = (profileId: string) =>
  new Date(sbx.sandbox.runtime.state.profiles.get(profileId)!.created_at).toISOString();
/** Deleted before the rows run: reads leave it out unless asked to include deleted accounts. */
export const DELETED = DEMO_IDS.fiatAccounts.umbrella;

/** The read of the registry a path (with its query) is a request of. */
export const readOf = (path: string) => {
  const { pathname } = new URL(path, 'http://x');
  return READ_OPERATION_IDS.find((id) =>
    new RegExp(`^${operations[id].path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname),
  );
};

/** The records of a list's page, under the member its registry entry names. */
export async function items(path: string): Promise<Item[]> {
  const res = await sbx.send('GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const read = readOf(path);
  return res.body[(read && operations[read].list?.member) ?? 'items'] as Item[];
}

export const same = (a: unknown[], b: unknown[]) => expect([...a].sort()).toEqual([...b].sort());
export const ids = (list: Item[], key = 'id') => list.map((r) => r[key]);

export type Row = [string | (() => string), () => Item[], string, string?];
export const I = DEMO_IDS.identities;
export const has = (list: unknown, wanted: string[], key = 'type') =>
  (list as Item[]).some((c) => wanted.includes(c[key] as string));
export const controls = (i: Item) =>
  (i.status_details as { active_controls: Item[] }).active_controls;
/** A time of a record of /sandbox/state, found by its ref_id, as a query value. */
export const at = (list: string, refId: string, member = 'created_at') =>
  encodeURIComponent(ref(list, refId)[member] as string);
export const before =
  (list: string, refId: string, member = 'created_at') =>
  (r: Item) =>
    (r[member] as string) < (ref(list, refId)[member] as string);

/**
 * Starts the sandbox before a file's tests and closes it after them: the demo seed, and the
 * records the filters need besides, read back into `state`.
 */
export function useFilterSandbox(): void {
  beforeAll(async () => {
    sbx = await startTestSandbox();
    // Records with an identity and an account, so those filters have something to find.
    await sbx.call('createInternalTransfer', {
      ...exampleInput('createInternalTransfer'),
      ref_id: 'filter-identity',
      from_identity_id: alice.identity,
      from_account_id: alice.account,
    });
    await sbx.call('createDepositAddress', {
      profile_id: P.trading,
      crypto_network: 'SOLANA',
      identity_id: alice.identity,
      account_id: alice.account,
      ref_id: 'filter-address',
    });
    await sbx.send('DELETE', `/v2/transfer/fiat-accounts/${DELETED}`);
    // Records that differ from the seed's in the members the lists filter on, so that a filter of
    // the registry's schema (test/member-filters.ts) keeps some records and drops others.
    await sbx.call('createOrder', exampleInput('createOrder'));
    await sbx.call('createOrchestration', exampleInput('createOrchestration'));
    const rule = await sbx.call('createOrchestrationRule', {
      ...exampleInput('createOrchestrationRule'),
      destination_asset: 'BTC',
    });
    await sbx.call('createOrchestrationRule', {
      ...exampleInput('createOrchestrationRule'),
      source_asset: 'EUR',
    });
    await sbx.send(
      'DELETE',
      `/v2/orchestration/rules/${(rule.body as { rule: { id: string } }).rule.id}`,
    );
    sbx.clock.advance(5_000);
    await sbx.control('POST', '/clock', { advance_ms: 0 });
    // One still under way when the rows run, so that a status tells it from the completed ones.
    await sbx.call('createOrchestration', exampleInput('createOrchestration'));
    state = (await sbx.control('GET', '/state')).body as Record<string, Item[]>;
  });
  afterAll(() => sbx.close());
}
