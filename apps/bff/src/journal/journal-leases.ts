/**
 * Leases on journal entries, by the database's clock (`now()`), so that processes on machines
 * whose clocks disagree still agree on whose an entry is. A process holds an entry while it sends
 * it; a lease that has passed belongs to a process that stopped (or stalled), and a resolver of
 * any process may take the entry over. docs/decisions/011-send-leases.md says why.
 */
import type { JournalEntry, JournalState } from '@console/schemas';
import type { Queryable } from '../db/db';
import { E_COLUMNS, toEntry, type Row } from './journal-row';

/** `now()` plus the milliseconds in parameter `param`: the end of a lease taken now. */
export const LEASE = (param: string) => `now() + ${param}::float8 * interval '1 millisecond'`;

/** How long the resolver leaves an UNKNOWN entry alone after each look: doubling up to a bound. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** An entry a resolver took, with what it was before. */
export interface Claimed {
  entry: JournalEntry;
  /** SENDING (its process stopped), UNKNOWN (due for another look) or APPROVED (never sent). */
  previousState: JournalState;
  /** Who held it: another process's id means a lease taken over. */
  previousOwner: string | null;
}

/** What monitoring and operators wait on. */
export interface Backlog {
  /** SENDING past their lease: their process stopped, a resolver will take them. */
  sendingPastLease: number;
  unknown: number;
  awaitingApproval: number;
}

/** Which open entries a resolver may take now (`e` is the entry). */
const DUE = `((e.state = 'SENDING' and (e.lease_until is null or e.lease_until <= now()))
  or (e.state = 'UNKNOWN' and (e.resolve_after is null or e.resolve_after <= now()))
  or (e.state = 'APPROVED' and (e.owner is null or e.lease_until <= now())))`;

export function createLeaseQueries(
  db: Queryable,
  options: {
    owner: string;
    leaseMs: number;
    /** The entries this process holds (the store adds and removes them). */
    held: Set<string>;
    now: () => Date;
  },
) {
  const { owner, leaseMs, held } = options;
  return {
    /** The entries this process holds now. */
    heldIds: (): string[] => [...held],

    /**
     * Extends the lease of every entry this process holds, in one statement. An entry that is no
     * longer this process's (its lease ran out and another took it over) is dropped and named.
     */
    async renew(): Promise<{ renewed: number; lost: string[] }> {
      const ids = [...held];
      if (ids.length === 0) return { renewed: 0, lost: [] };
      const rows = await db.query<{ id: string }>(
        `update journal_entries set lease_until = ${LEASE('$3')}
         where id = any($1::text[]) and owner = $2 and state in ('SENDING', 'APPROVED')
         returning id`,
        [ids, owner, leaseMs],
      );
      const kept = new Set(rows.map((row) => row.id));
      const lost = ids.filter((id) => !kept.has(id) && held.has(id));
      for (const id of lost) held.delete(id);
      return { renewed: kept.size, lost };
    },

    /**
     * Lets go of one entry this process holds without an outcome (settling it failed): its lease
     * ends now, so a later look, here or in another process, takes it again.
     */
    async drop(id: string): Promise<void> {
      held.delete(id);
      await db.query(
        `update journal_entries set lease_until = now()
         where id = $1 and owner = $2 and state in ('SENDING', 'APPROVED')`,
        [id, owner],
      );
    },

    /**
     * Ends every lease of this process at once (shutdown, after in-flight sends had their time):
     * another process's resolver takes those entries at its next look instead of a lease later.
     */
    async release(): Promise<number> {
      const rows = await db.query(
        `update journal_entries set lease_until = now()
         where owner = $1 and state in ('SENDING', 'APPROVED') and lease_until > now()
         returning id`,
        [owner],
      );
      held.clear();
      return rows.length;
    },

    /**
     * Ends the leases of every other process. Only for a database no other process can have open
     * (embedded PGlite): whoever held them before this start has stopped.
     */
    async expireOthers(): Promise<number> {
      const rows = await db.query(
        `update journal_entries set lease_until = now()
         where state in ('SENDING', 'APPROVED') and owner is distinct from $1
           and lease_until > now()
         returning id`,
        [owner],
      );
      return rows.length;
    },

    /** Open entries a resolver may take now, oldest first. */
    async due(limit: number): Promise<{ id: string; state: JournalState }[]> {
      return db.query<{ id: string; state: JournalState }>(
        `select e.id, e.state from journal_entries e where ${DUE} order by e.seq limit $1`,
        [limit],
      );
    },

    /**
     * Takes an entry for resolving, in one statement, when it is still due: SENDING past its
     * lease or UNKNOWN past its backoff become SENDING, an APPROVED one never sent stays APPROVED
     * (its send claims it next); all held by this process under a fresh lease. The next look at
     * it, should this one settle nothing, waits `base × 2^looks` up to `max`.
     */
    async claimForResolve(
      id: string,
      requestId: string,
      backoff: Backoff,
    ): Promise<Claimed | undefined> {
      const rows = await db.query<Row & { previous_state: JournalState; previous_owner: string }>(
        `with before as (select state, owner from journal_entries where id = $1)
         update journal_entries e set
           state = case when e.state = 'APPROVED' then 'APPROVED' else 'SENDING' end,
           request_id = case when e.state = 'APPROVED' then e.request_id else $2 end,
           updated_at = $3::timestamptz,
           last_sent_at = case when e.state = 'APPROVED' then e.last_sent_at
             else $3::timestamptz end,
           owner = $4, lease_until = ${LEASE('$5')},
           resolve_attempts = e.resolve_attempts + 1,
           resolve_after = now() + least($6::float8 * power(2, least(e.resolve_attempts, 30)),
             $7::float8) * interval '1 millisecond'
         where e.id = $1 and ${DUE}
         returning ${E_COLUMNS}, (select state from before) as previous_state,
           (select owner from before) as previous_owner`,
        [id, requestId, options.now().toISOString(), owner, leaseMs, backoff.baseMs, backoff.maxMs],
      );
      const row = rows[0];
      if (!row) return undefined;
      held.add(id);
      return {
        entry: toEntry(row),
        previousState: row.previous_state,
        previousOwner: row.previous_owner ?? null,
      };
    },

    /** Entries waiting on a resolver or an operator, for monitoring. */
    async backlog(): Promise<Backlog> {
      const rows = await db.query<Record<string, number | string>>(
        `select
           count(*) filter (where state = 'SENDING'
             and (lease_until is null or lease_until <= now())) as sending_past_lease,
           count(*) filter (where state = 'UNKNOWN') as unknown,
           count(*) filter (where state = 'AWAITING_APPROVAL') as awaiting_approval
         from journal_entries where state in ('SENDING', 'UNKNOWN', 'AWAITING_APPROVAL')`,
      );
      const row = rows[0] ?? {};
      return {
        sendingPastLease: Number(row.sending_past_lease ?? 0),
        unknown: Number(row.unknown ?? 0),
        awaitingApproval: Number(row.awaiting_approval ?? 0),
      };
    },
  };
}

export type LeaseQueries = ReturnType<typeof createLeaseQueries>;
