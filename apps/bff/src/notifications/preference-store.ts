/**
 * What each operator chose to receive, per kind and channel, kept in the database so that every
 * process expands events the same way. Only the choices that differ from the default are rows:
 * by default an operator receives every kind their role can get, by every channel they can be
 * reached by.
 */
import type { NotificationChannel, NotificationChoice, NotificationKind } from '@console/schemas';
import type { Queryable } from '../db/db';

/** Choices by username, then `kind/channel`; absent means the default (on). */
export type Choices = Map<string, Map<string, boolean>>;

const key = (kind: NotificationKind, channel: NotificationChannel) => `${kind}/${channel}`;

/** Whether `username` receives `kind` by `channel` under `choices`. */
export function chooses(
  choices: Choices,
  username: string,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  return choices.get(username)?.get(key(kind, channel)) ?? true;
}

export function createPreferenceStore(db: Queryable) {
  return {
    /** The choices of the given operators (every operator's when none are named). */
    async of(usernames?: readonly string[]): Promise<Choices> {
      const rows = await db.query<NotificationChoice & { username: string }>(
        usernames
          ? `select username, kind, channel, enabled from notification_preferences
             where username = any($1::text[])`
          : 'select username, kind, channel, enabled from notification_preferences',
        usernames ? [usernames] : [],
      );
      const choices: Choices = new Map();
      for (const row of rows) {
        const mine = choices.get(row.username) ?? new Map<string, boolean>();
        mine.set(key(row.kind, row.channel), row.enabled);
        choices.set(row.username, mine);
      }
      return choices;
    },

    /** Records `username`'s choices (one statement each; the others stay as they were). */
    async set(username: string, items: readonly NotificationChoice[]): Promise<void> {
      for (const item of items) {
        await db.query(
          `insert into notification_preferences (username, kind, channel, enabled)
           values ($1, $2, $3, $4)
           on conflict (username, kind, channel) do update set enabled = excluded.enabled`,
          [username, item.kind, item.channel, item.enabled],
        );
      }
    },
  };
}

export type PreferenceStore = ReturnType<typeof createPreferenceStore>;
