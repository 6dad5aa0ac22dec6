import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JournalEntry, JournalState, Role } from '@console/schemas';
import type { Db, Queryable } from '../db/db';
import { createJournalHistory, type JournalHistory } from './journal-history';
import { createJournalReads, type JournalListPage, type JournalView } from './journal-reads';
import { createLeaseQueries, LEASE, type LeaseQueries } from './journal-leases';
import { recordConflict, settlesNothingNew, type ConflictingOutcome } from './journal-outcome';
import type { JournalFilter } from './journal-query';
import { COLUMNS, type JournalOutcome, type NewJournalEntry } from './journal-row';
import { settleLocally, type LocalOutcome } from './journal-local';
import { createSingleWrites, one } from './journal-write-one';
import { createJournalWrites } from './journal-writes';

export {
  bodySha256,
  COLUMNS,
  E_COLUMNS,
  requestSha256,
  toEntry,
  type JournalOutcome,
  type NewJournalEntry,
  type Row,
} from './journal-row';

/** `SEND_LEASE_SECONDS` unless configured: how long a claim holds an entry unrenewed. */
export const DEFAULT_LEASE_MS = 30_000;

/** This process's id as a lease owner: host, pid and a random part (a pid is reused). */
export function newOwnerId(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/** The id of this process, for every store that is not given another (tests play several). */
const PROCESS_OWNER = newOwnerId();

export interface JournalStoreOptions {
  /** The id leases are held under: this process's unless given. */
  owner?: string;
  /** How long a claim holds an entry before another process may take it over. */
  leaseMs?: number;
}

/**
 * Where a sender's outcome lands: the entry is SENDING and this process holds it (or nobody
 * does); a success lands whoever holds it (`journal-writes.ts` says the same of a batch).
 */
const RECORDED = `state = 'SENDING' and (owner is null or owner = $9 or $2::text = 'SUCCEEDED')`;

/**
 * The journal (DESIGN.md §4): one row per intent, written before anything is sent, with its
 * leases (which process is sending it) and its history (who acted on it after its maker).
 */
export interface JournalStore {
  /** The id this process holds leases under. */
  readonly owner: string;
  /** Renewing, releasing and taking over leases; the resolver's look-ups. */
  readonly leases: LeaseQueries;
  /** Who retried an entry, or the console sending it again, after its maker. */
  readonly history: JournalHistory;
  /**
   * Writes a new entry in SENDING (or another initial state) and returns it; in `q`'s
   * transaction when given (an approval hold), else batched with concurrent sends' entries.
   */
  create(entry: NewJournalEntry, state?: JournalState, q?: Queryable): Promise<JournalEntry>;
  /**
   * Moves an entry from one of `from` to SENDING before a new attempt, taking its lease;
   * undefined when it is not in one of those states any more (someone else is sending it, or it
   * was resolved), or another live process holds it.
   */
  claim(
    id: string,
    from: JournalState[],
    requestId: string,
    q?: Queryable,
  ): Promise<JournalEntry | undefined>;
  /**
   * Moves an entry from one of `from` to `to` (the approval states), recording why in `error`;
   * undefined when it is not in one of those states any more: the guard of every transition.
   */
  move(
    id: string,
    from: JournalState[],
    to: JournalState,
    error: string | null,
    q?: Queryable,
  ): Promise<JournalEntry | undefined>;
  /**
   * Records the outcome of a send of an entry that is SENDING, releasing its lease. It lands
   * while this process holds the entry (or nobody does); a process whose lease was taken over
   * lands only a success (the service holds the intent, whatever the new holder's attempt
   * says). Undefined when it did not land (see `recordLateOutcome`).
   */
  recordOutcome(id: string, outcome: JournalOutcome): Promise<JournalEntry | undefined>;
  /**
   * An outcome that `recordOutcome` did not land: the entry has one already, or another process
   * holds it. An UNKNOWN entry takes a success (it is news); the same outcome again, no answer,
   * or anything for an entry still open changes nothing; a final outcome at odds with the
   * entry's is kept beside it and counted on it, for an operator. Never throws for what the
   * entry holds.
   */
  recordLateOutcome(id: string, outcome: JournalOutcome): Promise<JournalEntry | undefined>;
  /**
   * Records the outcome of a console action on its entry (from one of `from`), in the
   * transaction that applied it (`journal-local.ts`); undefined when it did not land.
   */
  settleLocally(
    id: string,
    from: JournalState[],
    outcome: LocalOutcome,
    q: Queryable,
  ): Promise<JournalEntry | undefined>;
  /** One entry as stored: for the send path, never for an answer to an operator. */
  get(id: string): Promise<JournalEntry | undefined>;
  /**
   * The journal as `role` may read it: every entry handed out has gone through `entryForRole`
   * (personal data masked for the roles that may not see it). Whatever answers an operator
   * reads entries from here, never from `get` or `list`.
   */
  seenBy(role: Role): JournalView;
  /**
   * What an operator looking at one entry needs beyond the entry: when a resolver looks at it
   * again (an UNKNOWN entry), and the outcomes kept beside its own.
   */
  openOutcome(id: string): Promise<{ nextLookAt: string | null; conflicts: ConflictingOutcome[] }>;
  /** One page as stored, newest first: for the send path and the tests. */
  list(filter: JournalFilter, limit?: number): Promise<JournalListPage>;
  /** Answers when the database does: the readiness check. */
  ping(): Promise<void>;
}

/**
 * The journal's storage. Every state change is one conditional UPDATE, so that two actors (a
 * retry and a resolver, two processes, or two approvals) cannot both move the same entry. An
 * entry in SENDING (and an APPROVED one about to be sent) is held by one process under a lease
 * (`owner`, `lease_until` by the database's clock), taken in the statement that moves it there
 * and released by the one that records its outcome; `leases` renews what this process holds.
 */
export function createJournalStore(
  db: Db,
  now: () => Date = () => new Date(),
  options: JournalStoreOptions = {},
): JournalStore {
  const owner = options.owner ?? PROCESS_OWNER;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  /** Entries this process holds a lease on: renewed until their outcome is recorded. */
  const held = new Set<string>();
  const hold = (entry: JournalEntry | undefined) => {
    if (entry) held.add(entry.id);
    return entry;
  };

  // The two writes of a send, batched with those of concurrent sends. One alone is written by
  // the single-row statements (cheaper to plan than their multi-row forms), with the same
  // conditions: `applyOutcome` with RECORDED.
  const { applyOutcome, insertOne } = createSingleWrites(db, { owner, leaseMs, now });
  const reads = createJournalReads(db);
  const writes = createJournalWrites(db, {
    owner,
    leaseMs,
    now,
    insertAlone: (entry, state) => insertOne(db, entry, state),
    outcomeAlone: (id, outcome) => applyOutcome(id, outcome, RECORDED),
  });

  return {
    owner,
    leases: createLeaseQueries(db, { owner, leaseMs, held, now }),
    history: createJournalHistory(db),

    async create(
      entry: NewJournalEntry,
      state: JournalState = 'SENDING',
      q: Queryable = db,
    ): Promise<JournalEntry> {
      if (q === db) {
        // On its own (a send): batched with the entries of concurrent sends.
        const created = await writes.insert(entry, state);
        return state === 'SENDING' ? hold(created)! : created;
      }
      // In a caller's transaction (an approval hold): part of it.
      const created = await insertOne(q, entry, state);
      // Written in SENDING, it is this process's to send: held from the insert on.
      return state === 'SENDING' ? hold(created)! : created!;
    },

    async claim(id: string, from: JournalState[], requestId: string, q: Queryable = db) {
      return hold(
        await one(
          q,
          `update journal_entries set state = 'SENDING', request_id = $3,
             updated_at = $4::timestamptz, last_sent_at = $4::timestamptz, owner = $5,
             lease_until = ${LEASE('$6')}
           where id = $1 and state = any($2::text[])
             and (owner is null or owner = $5 or lease_until <= now())
           returning ${COLUMNS}`,
          [id, from, requestId, now().toISOString(), owner, leaseMs],
        ),
      );
    },

    async move(
      id: string,
      from: JournalState[],
      to: JournalState,
      error: string | null,
      q: Queryable = db,
    ): Promise<JournalEntry | undefined> {
      // APPROVED is about to be sent by this process: held, so that no resolver sends it too.
      const moved = await one(
        q,
        `update journal_entries set state = $3, error = coalesce($4, error),
           updated_at = $5::timestamptz,
           owner = case when $3 = 'APPROVED' then $6 end,
           lease_until = case when $3 = 'APPROVED' then ${LEASE('$7')} end
         where id = $1 and state = any($2::text[])
           and (owner is null or owner = $6 or lease_until <= now())
         returning ${COLUMNS}`,
        [id, from, to, error, now().toISOString(), owner, leaseMs],
      );
      if (moved && to === 'APPROVED') held.add(id);
      else if (moved) held.delete(id);
      return moved;
    },

    async recordOutcome(id: string, outcome: JournalOutcome): Promise<JournalEntry | undefined> {
      held.delete(id);
      return writes.outcome(id, outcome);
    },

    async recordLateOutcome(
      id: string,
      outcome: JournalOutcome,
    ): Promise<JournalEntry | undefined> {
      held.delete(id);
      const news = await applyOutcome(
        id,
        outcome,
        `state = 'UNKNOWN' and $2::text = 'SUCCEEDED'
          and (owner is null or owner = $9 or lease_until <= now())`,
      );
      if (news) return news;
      const current = await one(db, `select ${COLUMNS} from journal_entries where id = $1`, [id]);
      if (!current || settlesNothingNew(current, outcome)) return current;
      return (await recordConflict(db, id, outcome, owner)) ?? current;
    },

    async settleLocally(id, from, outcome, q) {
      held.delete(id);
      return settleLocally(q, id, from, outcome, owner, now());
    },

    ...reads,

    async ping(): Promise<void> {
      await db.query('select 1');
    },
  };
}
