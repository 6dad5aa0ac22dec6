import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { testDatabases } from '../../test/databases';
import { createSessionStore } from './session-store';
import { createSsoSessionStore } from './sso-session-store';

const sso = (identity: string, sid: string | undefined, endsBy: Date) => ({
  identity,
  displayName: 'Fay',
  role: 'finance' as const,
  sid,
  idToken: `eyJ.${identity}.${sid}`,
  endsBy,
});

describe.each(testDatabases)('single sign-on sessions on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let clock: number;
  let forgotten: string[];
  const now = () => new Date(clock);
  const sessionsOn = (db: Db) => createSessionStore(db, { idleMs: 600_000, maxMs: 3_600_000, now });
  const ssoOn = (db: Db, sessions = sessionsOn(db)) =>
    createSsoSessionStore(
      db,
      {
        forget: (ids) => {
          forgotten.push(...ids);
          sessions.forget(ids);
        },
      },
      { now },
    );
  /** A single sign-on session of `identity` at the provider's session `sid`. */
  const signIn = (sessions: ReturnType<typeof sessionsOn>, identity: string, sid?: string) =>
    sessions.create(identity, '', {}, sso(identity, sid, new Date(clock + 3_600_000)));

  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    clock = Date.parse('2026-11-25T09:00:00Z');
    forgotten = [];
    await opened.db.exec('delete from sessions');
  });

  it('gives the ID token back once, to the cookie that ended the session, within two minutes', async () => {
    const sessions = sessionsOn(opened.db);
    const store = ssoOn(opened.db, sessions);
    const a = await signIn(sessions, 'oidc:fay', 'sid-1');
    const b = await signIn(sessions, 'oidc:fay', 'sid-2');
    const late = await signIn(sessions, 'oidc:fay', 'sid-3');

    // Kept sealed: the database holds no usable ID token.
    const stored = await opened.db.query<{ id_token_sealed: string }>(
      'select id_token_sealed from sessions',
    );
    expect(stored).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toContain('eyJ.');

    // Not ended yet: nothing to give.
    expect(await store.takeIdToken(a.token)).toBeUndefined();
    await sessions.end(a.token);
    await sessions.end(late.token);
    expect(await store.takeIdToken(b.token)).toBeUndefined();
    clock += 120_000 - 1;
    expect(await store.takeIdToken(a.token)).toBe('eyJ.oidc:fay.sid-1');
    expect(await store.takeIdToken(a.token)).toBeUndefined();
    // Past two minutes the cookie gets nothing, though the sealed copy is still there.
    clock += 1;
    expect(await store.takeIdToken(late.token)).toBeUndefined();
    const left = await opened.db.query<{ id: string }>(
      'select id from sessions where id_token_sealed is not null',
    );
    expect(left.map((r) => r.id).sort()).toEqual([b.session.id, late.session.id].sort());
  });

  it('gives the ID token to one of two requests that bring the cookie at once', async () => {
    const sessions = sessionsOn(opened.db);
    const other = await opened.second();
    const a = await signIn(sessions, 'oidc:gil', 'sid-1');
    await sessions.end(a.token);
    const taken = await Promise.all([
      ssoOn(opened.db).takeIdToken(a.token),
      ssoOn(other).takeIdToken(a.token),
    ]);
    expect(taken.filter((t) => t !== undefined)).toEqual(['eyJ.oidc:gil.sid-1']);
  });

  it('ends by the provider’s session id, or every live one of a person, and tells the cache', async () => {
    const sessions = sessionsOn(opened.db);
    const store = ssoOn(opened.db, sessions);
    const a = await signIn(sessions, 'oidc:fay', 'sid-1');
    const b = await signIn(sessions, 'oidc:fay', 'sid-2');
    const c = await signIn(sessions, 'oidc:hal', 'sid-3');
    const d = await signIn(sessions, 'oidc:hal', 'sid-4');
    const password = await sessions.create('oidc:hal', '', {});
    for (const s of [a, b, c, d, password]) expect(await sessions.touch(s.token)).toBeDefined();

    // A back-channel logout names a provider session, then a person.
    expect(await store.endSso({ identity: undefined, sid: 'sid-2' })).toEqual([
      { id: b.session.id, username: 'oidc:fay' },
    ]);
    expect(forgotten).toEqual([b.session.id]);
    expect(await sessions.touch(b.token)).toBeUndefined();
    expect(await sessions.touch(a.token)).toBeDefined();
    // Both given: both must match.
    expect(await store.endSso({ identity: 'oidc:fay', sid: 'sid-3' })).toEqual([]);

    const ended = await store.endSso({ identity: 'oidc:hal', sid: undefined });
    expect(ended.map((r) => r.id).sort()).toEqual([c.session.id, d.session.id].sort());
    expect(await sessions.touch(c.token)).toBeUndefined();
    expect(await sessions.touch(d.token)).toBeUndefined();
    // A password session of the same name is none of the provider's business.
    expect(await sessions.touch(password.token)).toBeDefined();
    // Ended ones end once; naming nothing ends nothing.
    expect(await store.endSso({ identity: 'oidc:hal', sid: undefined })).toEqual([]);
    expect(await store.endSso({ identity: undefined, sid: undefined })).toEqual([]);

    const rows = await opened.db.query<{ id: string; ended_at: Date | string | null }>(
      'select id, ended_at, id_token_sealed from sessions where id = $1',
      [c.session.id],
    );
    expect(new Date(rows[0]!.ended_at!).toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(rows[0]).toMatchObject({ id_token_sealed: null });
  });
});
