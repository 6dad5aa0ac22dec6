/**
 * The inbox's reads (issue 35): the changes of the last week that concern an operator
 * (`inbox-audience.ts`), newest first, each with whether this operator has read it, and the
 * read marks, kept in `inbox_reads` so they follow the operator to another browser.
 */
import type { Queryable } from '../db/db';
import { CHANGE_COLUMNS, type StoredChange } from './change-store';
import { CONCERNS, createInboxAudience } from './inbox-audience';

/** A change of an operator's inbox, and whether they have read it. */
export type InboxChange = StoredChange & { read: boolean };

export function createInboxReads(db: Queryable) {
  const audience = createInboxAudience(db);
  return {
    /** The newest `limit` changes of the last week that concern `username`, newest first. */
    async recent(username: string, limit: number): Promise<InboxChange[]> {
      return db.query<InboxChange>(
        `select ${CHANGE_COLUMNS},
           exists (select 1 from inbox_reads r where r.username = $1 and r.change_id = c.id) as read
         from live_changes c
         where c.audience is not null and c.at > now() - interval '7 days' and ${CONCERNS('$1', '$3')}
         order by c.id desc limit $2`,
        [username, limit, await audience.profilesOf(username)],
      );
    },

    /** Marks the changes `ids` read by `username`; a mark made before stays as it was. */
    async markRead(username: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.query(
        `insert into inbox_reads (username, change_id)
         select $1, unnest($2::bigint[]) on conflict do nothing`,
        [username, ids],
      );
    },
  };
}

export type InboxReads = ReturnType<typeof createInboxReads>;
