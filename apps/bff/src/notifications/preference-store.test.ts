import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { chooses, createPreferenceStore } from './preference-store';

describe.each(testDatabases)('notification preferences on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  const store = () => createPreferenceStore(opened.db);

  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from notification_preferences');
  });

  it('gives everyone everything until they choose otherwise', async () => {
    const choices = await store().of();
    expect(choices.size).toBe(0);
    expect(chooses(choices, 'finance', 'held', 'email')).toBe(true);
    expect(chooses(choices, 'finance', 'batch-ended', 'chat')).toBe(true);
  });

  it('keeps each choice apart by kind and channel, and changes only the ones given', async () => {
    await store().set('finance', [
      { kind: 'held', channel: 'email', enabled: false },
      { kind: 'held', channel: 'chat', enabled: true },
      { kind: 'reminder', channel: 'email', enabled: false },
    ]);
    await store().set('admin', [{ kind: 'unsettled', channel: 'chat', enabled: false }]);

    let choices = await store().of();
    expect(chooses(choices, 'finance', 'held', 'email')).toBe(false);
    expect(chooses(choices, 'finance', 'held', 'chat')).toBe(true);
    expect(chooses(choices, 'finance', 'reminder', 'email')).toBe(false);
    expect(chooses(choices, 'finance', 'reminder', 'chat')).toBe(true);
    expect(chooses(choices, 'admin', 'unsettled', 'chat')).toBe(false);
    expect(chooses(choices, 'admin', 'held', 'email')).toBe(true);
    // Booleans, not the strings or numbers a driver might hand back.
    expect(choices.get('finance')?.get('held/email')).toBe(false);

    // A change of one choice leaves the others as they were.
    await store().set('finance', [{ kind: 'held', channel: 'email', enabled: true }]);
    choices = await store().of();
    expect(chooses(choices, 'finance', 'held', 'email')).toBe(true);
    expect(chooses(choices, 'finance', 'reminder', 'email')).toBe(false);
    const rows = await opened.db.query<{ n: number }>(
      "select count(*)::int as n from notification_preferences where username = 'finance'",
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('reads the choices of the operators named, and of nobody when none are', async () => {
    await store().set('finance', [{ kind: 'held', channel: 'email', enabled: false }]);
    await store().set('support', [{ kind: 'held', channel: 'email', enabled: false }]);
    await store().set('admin', [{ kind: 'held', channel: 'chat', enabled: false }]);

    const named = await store().of(['finance', 'admin', 'nobody']);
    expect([...named.keys()].sort()).toEqual(['admin', 'finance']);
    expect(chooses(named, 'support', 'held', 'email')).toBe(true);
    expect((await store().of([])).size).toBe(0);
    expect([...(await store().of()).keys()].sort()).toEqual(['admin', 'finance', 'support']);
  });

  it('keeps one row per choice when two processes record it at once', async () => {
    const other = createPreferenceStore(await opened.second());
    await Promise.all([
      store().set('finance', [{ kind: 'approved', channel: 'email', enabled: false }]),
      other.set('finance', [{ kind: 'approved', channel: 'email', enabled: false }]),
      other.set('finance', [{ kind: 'approved', channel: 'chat', enabled: false }]),
    ]);
    const choices = await store().of(['finance']);
    expect(choices.get('finance')).toEqual(
      new Map([
        ['approved/email', false],
        ['approved/chat', false],
      ]),
    );
  });
});
