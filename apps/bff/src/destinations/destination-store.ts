/**
 * The book of allowed destinations (issue 37, migration 013). A row is an entry that an approved
 * proposal put in the book (or a proposal revoked before its approval); a proposal that awaits
 * approval is its journal entry alone, read from the journal here. Every change of a row is
 * made by a console action, in the transaction that records it in the journal.
 */
import {
  AddAllowedDestinationSchema,
  destinationKey,
  type AddAllowedDestination,
  type DestinationTarget,
  type JournalEntry,
} from '@console/schemas';
import type { Db, Queryable, SqlParam } from '../db/db';
import { COLUMNS, toEntry, type Row } from '../journal/journal-store';

/** One row of the book. */
export interface DestinationRow {
  id: string;
  target: DestinationTarget;
  name: string;
  reason: string;
  added_by: string;
  added_by_name: string;
  proposed_at: string;
  proposal_id: string;
  approved_at: string | null;
  usable_from: string | null;
  revoked: { at: string; by: string; by_name: string; reason: string } | null;
}

/** A proposal that awaits approval: its journal entry and the entry it would add. */
export interface PendingProposal {
  entry: JournalEntry;
  proposal: AddAllowedDestination;
}

type Stored = Omit<DestinationRow, 'target' | 'revoked' | 'proposed_at'> & {
  details: string;
  proposed_at: Date | string;
  approved_at: Date | string | null;
  usable_from: Date | string | null;
  revoked_at: Date | string | null;
  revoked_by: string | null;
  revoked_by_name: string | null;
  revoke_reason: string | null;
};

const ROW_COLUMNS = `id, details, name, reason, added_by, added_by_name, proposed_at, proposal_id,
  approved_at, usable_from, revoked_at, revoked_by, revoked_by_name, revoke_reason`;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toRow(row: Stored): DestinationRow {
  return {
    id: row.id,
    target: JSON.parse(row.details) as DestinationTarget,
    name: row.name,
    reason: row.reason,
    added_by: row.added_by,
    added_by_name: row.added_by_name,
    proposed_at: iso(row.proposed_at),
    proposal_id: row.proposal_id,
    approved_at: isoOrNull(row.approved_at),
    usable_from: isoOrNull(row.usable_from),
    revoked:
      row.revoked_at === null
        ? null
        : {
            at: iso(row.revoked_at),
            by: row.revoked_by ?? '',
            by_name: row.revoked_by_name ?? '',
            reason: row.revoke_reason ?? '',
          },
  };
}

/** The journal states of a proposal that still awaits approval (or its application). */
const PENDING = ['AWAITING_APPROVAL', 'APPROVED'];

const UNIQUE_VIOLATION = '23505';

/** A stored body as JSON; a body that is not (it was changed in the database) is nothing. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** True when `error` is the one live entry per destination, or the entry's id, already taken. */
export const isTaken = (error: unknown) => (error as { code?: unknown }).code === UNIQUE_VIOLATION;

export function createDestinationStore(db: Db) {
  const rows = async (q: Queryable, where: string, params: SqlParam[]) =>
    (await q.query<Stored>(`select ${ROW_COLUMNS} from allowed_destinations ${where}`, params)).map(
      toRow,
    );

  return {
    db,

    /** Every row of the book, newest first. */
    list: () => rows(db, 'order by proposed_at desc, id', []),

    get: async (id: string, q: Queryable = db) => (await rows(q, 'where id = $1', [id]))[0],

    /** The live row of a destination, else its last revoked one. */
    async byTarget(target: DestinationTarget, q: Queryable = db) {
      const found = await rows(
        q,
        `where target = $1 order by (revoked_at is null) desc, revoked_at desc limit 1`,
        [destinationKey(target)],
      );
      return found[0];
    },

    /** Proposals awaiting approval (or being applied), oldest first. */
    async pending(q: Queryable = db): Promise<PendingProposal[]> {
      const entries = await q.query<Row>(
        `select ${COLUMNS} from journal_entries
         where operation = 'addAllowedDestination' and state = any($1::text[]) order by seq`,
        [PENDING],
      );
      return entries.flatMap((row) => {
        const entry = toEntry(row);
        const parsed = AddAllowedDestinationSchema.safeParse(jsonOf(entry.request_body));
        return parsed.success ? [{ entry, proposal: parsed.data }] : [];
      });
    },

    /**
     * Writes a row: an approved proposal put in the book (`usable_from` set), or one revoked
     * before its approval (`revoked` set). Throws a unique violation (`isTaken`) when the
     * destination has a live entry already, or the id is taken.
     */
    async insert(q: Queryable, row: DestinationRow): Promise<DestinationRow> {
      const inserted = await q.query<Stored>(
        `insert into allowed_destinations (id, kind, target, details, name, reason, added_by,
           added_by_name, proposed_at, proposal_id, approved_at, usable_from, revoked_at,
           revoked_by, revoked_by_name, revoke_reason)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10, $11::timestamptz,
           $12::timestamptz, $13::timestamptz, $14, $15, $16)
         returning ${ROW_COLUMNS}`,
        [
          row.id,
          row.target.kind,
          destinationKey(row.target),
          JSON.stringify(row.target),
          row.name,
          row.reason,
          row.added_by,
          row.added_by_name,
          row.proposed_at,
          row.proposal_id,
          row.approved_at,
          row.usable_from,
          row.revoked?.at ?? null,
          row.revoked?.by ?? null,
          row.revoked?.by_name ?? null,
          row.revoked?.reason ?? null,
        ],
      );
      return toRow(inserted[0]!);
    },

    /** Revokes a live row; undefined when it is revoked already (or there is none). */
    async revoke(
      q: Queryable,
      id: string,
      revoked: NonNullable<DestinationRow['revoked']>,
    ): Promise<DestinationRow | undefined> {
      const updated = await q.query<Stored>(
        `update allowed_destinations set revoked_at = $2::timestamptz, revoked_by = $3,
           revoked_by_name = $4, revoke_reason = $5
         where id = $1 and revoked_at is null returning ${ROW_COLUMNS}`,
        [id, revoked.at, revoked.by, revoked.by_name, revoked.reason],
      );
      return updated[0] && toRow(updated[0]);
    },
  };
}

export type DestinationStore = ReturnType<typeof createDestinationStore>;
