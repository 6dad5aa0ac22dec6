import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createPasskeyStore, stateAt, type PasskeyStore } from './passkey-store';

const NOW = Date.parse('2026-12-01T09:00:00Z');
const HOUR = 3_600_000;

describe.each(testDatabases)('passkeys in the database ($name)', (database) => {
  let db: Db;
  let second: PasskeyStore;
  let close: () => Promise<void>;
  let store: PasskeyStore;
  let clock = NOW;

  beforeAll(async () => {
    const opened = await database.open();
    db = opened.db;
    close = opened.close;
    store = createPasskeyStore(db, { now: () => clock });
    second = createPasskeyStore(await opened.second(), { now: () => clock });
  });
  afterAll(() => close());

  const add = (username: string, name = 'Key') =>
    store.add({
      credentialId: randomBytes(16).toString('base64url'),
      username,
      name,
      publicKey: 'pQECAyYgASFYIA',
      signCount: 0,
      transports: ['internal'],
      at: new Date(clock),
      usableFrom: new Date(clock + 24 * HOUR),
    });

  it('keeps a new passkey pending until its cooling-off passes, by time alone', async () => {
    const key = (await add('ada'))!;
    expect(key.state).toBe('pending');
    expect(stateAt(key, clock + 24 * HOUR - 1)).toBe('pending');
    expect(stateAt(key, clock + 24 * HOUR)).toBe('active');
    expect((await store.byCredential(key.credential_id))?.id).toBe(key.id);
  });

  it('registers a credential once, whoever registers it again', async () => {
    const key = (await add('ada'))!;
    const again = await store.add({
      credentialId: key.credential_id,
      username: 'bob',
      name: 'Copy',
      publicKey: 'x',
      signCount: 0,
      transports: [],
      at: new Date(clock),
      usableFrom: new Date(clock),
    });
    expect(again).toBeUndefined();
  });

  it('is confirmed by another admin only, once; revoked once', async () => {
    const key = (await add('ada'))!;
    expect(await store.confirm(key.id, 'ada', new Date(clock))).toBeUndefined();
    const confirmed = await store.confirm(key.id, 'root', new Date(clock));
    expect(confirmed).toMatchObject({ state: 'active', confirmed_by: 'root' });
    expect(await store.confirm(key.id, 'root', new Date(clock))).toBeUndefined();
    expect(await store.revoke(key.id, 'ada', new Date(clock))).toMatchObject({ state: 'revoked' });
    expect(await store.revoke(key.id, 'ada', new Date(clock))).toBeUndefined();
    expect(await store.used(key.id, 5, new Date(clock))).toBe(false);
  });

  it('takes a use only when the counter moves forward (or the key keeps none)', async () => {
    const counted = (await add('ada'))!;
    expect(await store.used(counted.id, 3, new Date(clock))).toBe(true);
    expect(await store.used(counted.id, 3, new Date(clock))).toBe(false);
    expect(await store.used(counted.id, 4, new Date(clock))).toBe(true);
    const none = (await add('ada'))!;
    expect(await store.used(none.id, 0, new Date(clock))).toBe(true);
    expect(await store.used(none.id, 0, new Date(clock))).toBe(true);
    expect((await store.get(none.id))?.last_used_at).toBe(new Date(clock).toISOString());
  });

  it('lists one operator’s passkeys, or everyone’s', async () => {
    await add('zed', 'Zed key');
    expect((await store.list('zed')).map((k) => k.name)).toEqual(['Zed key']);
    expect((await store.list(undefined)).length).toBeGreaterThan(1);
  });

  it('gives a challenge once, across processes, to whom it was issued, until it expires', async () => {
    const issue = (challenge: string) =>
      store.issueChallenge({
        challenge,
        username: 'ada',
        purpose: 'decide',
        statement: '{"s":1}',
        expiresAt: new Date(clock + 60_000),
      });
    await issue('c-race');
    const taken = await Promise.all([
      store.takeChallenge('c-race', 'ada', 'decide'),
      second.takeChallenge('c-race', 'ada', 'decide'),
    ]);
    expect(taken.filter(Boolean)).toEqual([{ statement: '{"s":1}' }]);

    await issue('c-other');
    expect(await store.takeChallenge('c-other', 'bob', 'decide')).toBeUndefined();
    expect(await store.takeChallenge('c-other', 'ada', 'register')).toBeUndefined();
    expect(await store.takeChallenge('c-other', 'ada', 'decide')).toBeDefined();

    await issue('c-late');
    clock += 60_000;
    expect(await store.takeChallenge('c-late', 'ada', 'decide')).toBeUndefined();
  });
});
