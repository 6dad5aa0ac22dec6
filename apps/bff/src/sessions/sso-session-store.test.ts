import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { openDb } from '../db/open-db';
import { sharedDb } from '../../test/harness';
import { createSessionStore } from './session-store';
import { createSsoSessionStore } from './sso-session-store';

const url = process.env.TEST_DATABASE_URL;
const opened: Db[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

const databases: [string, () => Promise<Db>][] = [
  ['PGlite', sharedDb],
  ...(url
    ? ([
        [
          'PostgreSQL',
          async () => {
            const db = await openDb({ databaseUrl: url });
            opened.push(db);
            return db;
          },
        ],
      ] as [string, () => Promise<Db>][])
    : []),
];

const sso = (identity: string, sid: string) => ({
  identity,
  displayName: 'Fay',
  role: 'finance' as const,
  sid,
  idToken: `eyJ.${identity}.${sid}`,
  endsBy: new Date(Date.now() + 3_600_000),
});

describe.each(databases)('single sign-on sessions on %s', (_, open) => {
  it('give the ID token back once, to the cookie that ended the session, and end by sid or subject', async () => {
    const db = await open();
    const tag = `t${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const sessions = createSessionStore(db, { idleMs: 60_000, maxMs: 3_600_000 });
    const store = createSsoSessionStore(db, sessions);
    const client = {};
    const a = await sessions.create(`oidc:${tag}:a`, '', client, sso(`oidc:${tag}:a`, `${tag}-1`));
    const b = await sessions.create(`oidc:${tag}:a`, '', client, sso(`oidc:${tag}:a`, `${tag}-2`));
    const c = await sessions.create(`oidc:${tag}:c`, '', client, sso(`oidc:${tag}:c`, `${tag}-3`));

    // Not ended yet: nothing to give.
    expect(await store.takeIdToken(a.token)).toBeUndefined();
    await sessions.end(a.token);
    expect(await store.takeIdToken(b.token)).toBeUndefined();
    expect(await store.takeIdToken(a.token)).toBe(`eyJ.oidc:${tag}:a.${tag}-1`);
    expect(await store.takeIdToken(a.token)).toBeUndefined();

    // A back-channel logout names a provider session, then a person.
    expect(await store.endSso({ identity: undefined, sid: `${tag}-2` })).toEqual([
      { id: b.session.id, username: `oidc:${tag}:a` },
    ]);
    expect(await sessions.touch(b.token)).toBeUndefined();
    expect(await sessions.touch(c.token)).toBeDefined();
    expect(await store.endSso({ identity: `oidc:${tag}:c`, sid: undefined })).toHaveLength(1);
    expect(await sessions.touch(c.token)).toBeUndefined();
    expect(await store.endSso({ identity: undefined, sid: undefined })).toEqual([]);
  });
});
