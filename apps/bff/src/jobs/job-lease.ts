/**
 * One lease per kind of background work (DESIGN.md §4a): the notification sender now, the
 * watcher, batches and reconciliation later. A row of `job_leases` per kind names the process
 * that does the work and until when, by the database's clock (`now()`), so that processes on
 * machines whose clocks disagree still agree on who it is. Taken and renewed by one conditional
 * statement, as the journal's send leases are (`journal/journal-leases.ts`): a lease that has
 * passed belongs to a process that stopped, and the next process to ask takes it over.
 */
import type { Queryable } from '../db/db';
import { LEASE } from '../journal/journal-leases';

export interface JobLeaseOptions {
  /** The job: one lease for the whole deployment. */
  kind: string;
  /** This process (the journal store's owner id). */
  owner: string;
  leaseMs: number;
}

/** What taking or renewing the lease found. */
export interface LeaseTaken {
  held: boolean;
  /** Another process held it before (its lease had run out): a takeover. */
  takenFrom: string | null;
}

/**
 * The condition, for a statement of the job's own, that this process holds the lease now: work
 * guarded by it is done by the holder only, even by one whose lease ran out mid-way.
 * Parameters: the kind and the owner at `$kind` and `$owner`.
 */
export const HOLDS_LEASE = (kind: string, owner: string) =>
  `exists (select 1 from job_leases l where l.kind = ${kind} and l.owner = ${owner}
    and l.lease_until > now())`;

export function createJobLease(db: Queryable, options: JobLeaseOptions) {
  const { kind, owner, leaseMs } = options;
  return {
    kind,
    owner,

    /**
     * Takes the lease when nobody holds it (or its holder's ran out), or renews this process's:
     * one statement, so two processes asking at once never both hold it.
     */
    async acquire(): Promise<LeaseTaken> {
      const rows = await db.query<{ owner: string; previous: string | null }>(
        `with before as (select owner from job_leases where kind = $1)
         insert into job_leases (kind, owner, lease_until, updated_at)
         values ($1, $2, ${LEASE('$3')}, now())
         on conflict (kind) do update set owner = excluded.owner,
           lease_until = excluded.lease_until, updated_at = now()
         where job_leases.owner = excluded.owner or job_leases.lease_until is null
           or job_leases.lease_until <= now()
         returning owner, (select owner from before) as previous`,
        [kind, owner, leaseMs],
      );
      const row = rows[0];
      if (!row) return { held: false, takenFrom: null };
      const previous = row.previous ?? null;
      return { held: true, takenFrom: previous !== null && previous !== owner ? previous : null };
    },

    /** Ends this process's lease now (shutdown): another takes the job at its next look. */
    async release(): Promise<boolean> {
      const rows = await db.query(
        `update job_leases set lease_until = now(), updated_at = now()
         where kind = $1 and owner = $2 and lease_until > now() returning kind`,
        [kind, owner],
      );
      return rows.length > 0;
    },

    /**
     * Ends another process's lease. Only for a database no other process can have open
     * (embedded PGlite): whoever held it before this start has stopped.
     */
    async expireOthers(): Promise<boolean> {
      const rows = await db.query(
        `update job_leases set lease_until = now(), updated_at = now()
         where kind = $1 and owner is distinct from $2 and lease_until > now() returning kind`,
        [kind, owner],
      );
      return rows.length > 0;
    },

    /** Who holds the lease now, or null. */
    async holder(): Promise<string | null> {
      const rows = await db.query<{ owner: string }>(
        'select owner from job_leases where kind = $1 and lease_until > now()',
        [kind],
      );
      return rows[0]?.owner ?? null;
    },

    /**
     * Moves the job's position, in `q`'s transaction (the work it covers), while this process
     * holds the lease; false when it does not (the caller rolls the work back).
     */
    async advance(q: Queryable, position: string): Promise<boolean> {
      const rows = await q.query(
        `update job_leases set position = $3, updated_at = now()
         where kind = $1 and owner = $2 and lease_until > now() returning kind`,
        [kind, owner, position],
      );
      return rows.length > 0;
    },

    /** Where the job has got to (null before its first step). */
    async position(): Promise<string | null> {
      const rows = await db.query<{ position: string | null }>(
        'select position from job_leases where kind = $1',
        [kind],
      );
      return rows[0]?.position ?? null;
    },
  };
}

export type JobLease = ReturnType<typeof createJobLease>;
