/**
 * The journal's reads (DESIGN.md §4): an entry, a page newest first, the same as one role may read
 * them (personal data masked, `entryForRole`), and what an operator looking at one entry needs
 * beyond it. The send path reads entries as stored; whatever answers an operator reads them
 * through `seenBy`.
 */
import type { JournalEntry, Role } from '@console/schemas';
import { entryForRole } from '../access/personal-data';
import type { Db } from '../db/db';
import { conflictingOutcomes } from './journal-outcome';
import {
  buildJournalFilter,
  decodeCursor,
  encodeCursor,
  type JournalFilter,
} from './journal-query';
import { COLUMNS, toEntry, type Row } from './journal-row';

/** A page of the journal, newest first; `next_cursor` continues after its last entry. */
export interface JournalListPage {
  items: JournalEntry[];
  next_cursor: string | null;
}

/** The journal as one role may read it (`JournalStore.seenBy`). */
export interface JournalView {
  get(id: string): Promise<JournalEntry | undefined>;
  list(filter: JournalFilter, limit?: number): Promise<JournalListPage>;
}

export function createJournalReads(db: Db) {
  async function get(id: string): Promise<JournalEntry | undefined> {
    const [row] = await db.query<Row>(`select ${COLUMNS} from journal_entries where id = $1`, [id]);
    return row && toEntry(row);
  }

  /** One page, newest first; `next_cursor` continues after its last entry. */
  async function list(filter: JournalFilter, limit = 50) {
    const { where, params } = buildJournalFilter(filter);
    const after = filter.cursor ? decodeCursor(filter.cursor) : undefined;
    if (after !== undefined) {
      params.push(after);
      where.push(`seq < $${params.length}::bigint`);
    }
    params.push(limit + 1);
    const rows = await db.query<Row>(
      `select ${COLUMNS} from journal_entries
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by seq desc limit $${params.length}`,
      params,
    );
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toEntry),
      next_cursor: rows.length > limit && last ? encodeCursor(last.position) : null,
    };
  }

  return {
    get,
    list,

    seenBy(role: Role) {
      return {
        get: async (id: string) => {
          const entry = await get(id);
          return entry && entryForRole(role, entry);
        },
        list: async (filter: JournalFilter, limit?: number) => {
          const page = await list(filter, limit);
          return { ...page, items: page.items.map((entry) => entryForRole(role, entry)) };
        },
      };
    },

    async openOutcome(id: string) {
      const rows = await db.query<{ resolve_after: Date | string | null }>(
        'select resolve_after from journal_entries where id = $1',
        [id],
      );
      const after = rows[0]?.resolve_after;
      return {
        nextLookAt: after ? new Date(after).toISOString() : null,
        conflicts: await conflictingOutcomes(db, id),
      };
    },
  };
}
