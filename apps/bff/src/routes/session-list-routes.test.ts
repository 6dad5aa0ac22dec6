import type { SecurityEventPage, SessionList } from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, echoSuccess, scriptedClient, testApp } from '../../test/harness';

type Harness = Awaited<ReturnType<typeof testApp>>;

describe('the sessions list', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await testApp({ client: scriptedClient(echoSuccess).client });
  });
  const list = async (cookie: string) =>
    ((await (await h.get('/api/sessions', cookie)).json()) as SessionList).items;
  const end = (id: string, cookie: string) =>
    h.app.request(`/api/sessions/${id}`, {
      method: 'DELETE',
      headers: { ...BROWSER_HEADERS, Cookie: cookie },
    });

  it('shows an operator their own live sessions, by a public id, never the token or its hash', async () => {
    const first = await h.signIn('finance');
    const second = await h.signIn('finance');
    await h.signIn('support');
    const res = await h.get('/api/sessions', second);
    const text = await res.clone().text();
    const items = ((await res.json()) as SessionList).items;
    expect(items.map((s) => s.username)).toEqual(['finance', 'finance']);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    const hashes = await h.db.query<{ token_sha256: string }>('select token_sha256 from sessions');
    for (const cookie of [first, second]) expect(text).not.toContain(cookie.split('=')[1]!);
    for (const { token_sha256 } of hashes) expect(text).not.toContain(token_sha256);
    expect(Object.keys(items[0]!).sort()).toEqual([
      'client_address',
      'created_at',
      'current',
      'expires_at',
      'id',
      'last_seen_at',
      'user_agent',
      'username',
    ]);
  });

  it('lets an operator end another session of theirs, and not someone else’s', async () => {
    const laptop = await h.signIn('finance');
    const phone = await h.signIn('finance');
    const admin = await h.signIn('admin');
    const other = (await list(laptop)).find((s) => !s.current)!;
    expect((await end(other.id, laptop)).status).toBe(204);
    expect((await h.get('/api/session', phone)).status).toBe(401);
    expect((await h.get('/api/session', laptop)).status).toBe(200);

    const adminSession = (await list(admin)).find((s) => s.username === 'admin')!;
    expect((await end(adminSession.id, laptop)).status).toBe(404);
    expect((await h.get('/api/session', admin)).status).toBe(200);
    expect((await end('not-a-uuid', laptop)).status).toBe(404);
  });

  it('lets an admin see and end anyone’s session, recorded with who did it', async () => {
    const finance = await h.signIn('finance');
    const admin = await h.signIn('admin');
    const all = await list(admin);
    expect(all.map((s) => s.username).sort()).toEqual(['admin', 'finance']);
    const target = all.find((s) => s.username === 'finance')!;
    expect((await end(target.id, admin)).status).toBe(204);
    expect((await h.get('/api/session', finance)).status).toBe(401);
    const events = (await (await h.get('/api/security-events', admin)).json()) as SecurityEventPage;
    expect(events.items[0]).toMatchObject({
      kind: 'session-ended',
      username: 'finance',
      actor: 'admin',
      session_id: target.id,
    });
  });

  it('ending the current session signs the browser out', async () => {
    const cookie = await h.signIn('viewer');
    const current = (await list(cookie)).find((s) => s.current)!;
    const res = await end(current.id, cookie);
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^console_session=;/);
    expect((await h.get('/api/session', cookie)).status).toBe(401);
  });
});
