import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/db';
import { testDatabases } from '../../test/databases';
import { createFlowStore, FLOW_TTL_MS, type OidcFlow } from './flow-store';

const flow = (over: Partial<OidcFlow> = {}): OidcFlow => ({
  state: 'state-1',
  nonce: 'nonce-1',
  codeVerifier: 'verifier-1',
  returnTo: '/journal?state=UNKNOWN',
  clientAddress: '192.0.2.10',
  ...over,
});

describe.each(testDatabases)('sign-ins under way on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let clock: number;
  const store = (db: Queryable = opened.db) => createFlowStore(db, { now: () => new Date(clock) });

  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    clock = Date.parse('2026-11-25T09:00:00Z');
    await opened.db.exec('delete from oidc_flows');
  });

  it('gives a flow back once, to the handle it was begun with, and keeps only the handle’s hash', async () => {
    const handle = await store().begin(flow());
    expect(handle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await opened.db.query<Record<string, unknown>>('select * from oidc_flows');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.handle_sha256).toBe(createHash('sha256').update(handle).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(handle);

    clock += FLOW_TTL_MS - 1;
    expect(await store().take(`${handle}x`)).toEqual({ kind: 'none' });
    expect(await store().take(handle)).toEqual({ kind: 'live', flow: flow() });
    expect(await store().take(handle)).toEqual({ kind: 'none' });
  });

  it('keeps a flow without a client address, and one per handle', async () => {
    const one = await store().begin(flow({ clientAddress: null }));
    const two = await store().begin(flow({ state: 'state-2' }));
    expect(one).not.toBe(two);
    expect(await store().take(two)).toEqual({ kind: 'live', flow: flow({ state: 'state-2' }) });
    expect(await store().take(one)).toEqual({ kind: 'live', flow: flow({ clientAddress: null }) });
  });

  it('refuses a flow taken at its expiry or later, and takes it out all the same', async () => {
    const handle = await store().begin(flow());
    clock += FLOW_TTL_MS;
    expect(await store().take(handle)).toEqual({ kind: 'expired' });
    expect(await store().take(handle)).toEqual({ kind: 'none' });
  });

  it('gives a flow to one of two callbacks that bring its handle at once', async () => {
    const handle = await store().begin(flow());
    const other = store(await opened.second());
    const taken = await Promise.all([store().take(handle), other.take(handle)]);
    expect(taken.map((t) => t.kind).sort()).toEqual(['live', 'none']);
  });

  it('sweeps the flows nobody finished, and only those', async () => {
    const old = await store().begin(flow({ state: 'old' }));
    clock += 60_000;
    const fresh = await store().begin(flow({ state: 'fresh' }));
    clock += FLOW_TTL_MS - 60_000;
    expect(await store().sweep()).toBe(1);
    expect(await store().sweep()).toBe(0);
    expect(await store().take(old)).toEqual({ kind: 'none' });
    expect(await store().take(fresh)).toEqual({ kind: 'live', flow: flow({ state: 'fresh' }) });
  });
});
