import type { ApprovalEvent, ApprovalEventKind, RecordSnapshot, Role } from '@console/schemas';
import type { Db, Queryable } from '../db/db';

/** The approval request of one journal entry. */
export interface ApprovalRequestRow {
  journal_id: string;
  approvers_needed: number;
  eligible_roles: Role[];
  body_sha256: string;
  /** The hash of the whole request (`requestSha256`): what every approval binds. */
  request_sha256: string;
  expires_at: string;
  /** The record the request changes, as it was when the request was made (migration 009). */
  snapshot?: RecordSnapshot | null;
}

export interface ApprovalRow {
  approver: string;
  approver_name: string;
  body_sha256: string;
  /** Null for an approval given before approvals bound the whole request: it never counts. */
  request_sha256: string | null;
  approved_at: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Storage of approval requests, approvals and their events (migration 004). Transitions of the
 * entry itself stay in the journal store; the flow runs both inside one transaction.
 */
export function createApprovalStore(db: Db) {
  return {
    db,

    async open(q: Queryable, row: ApprovalRequestRow): Promise<void> {
      await q.query(
        `insert into approval_requests (journal_id, approvers_needed, eligible_roles, body_sha256,
           request_sha256, expires_at, snapshot, snapshot_at)
         values ($1, $2, $3::text[], $4, $5, $6::timestamptz, $7, $8::timestamptz)`,
        [
          row.journal_id,
          row.approvers_needed,
          row.eligible_roles,
          row.body_sha256,
          row.request_sha256,
          row.expires_at,
          row.snapshot ? JSON.stringify(row.snapshot.record) : null,
          row.snapshot?.read_at ?? null,
        ],
      );
    },

    async request(journalId: string, q: Queryable = db): Promise<ApprovalRequestRow | undefined> {
      const rows = await q.query<
        Omit<ApprovalRequestRow, 'snapshot'> & {
          expires_at: Date | string;
          snapshot: string | null;
          snapshot_at: Date | string | null;
        }
      >(
        `select journal_id, approvers_needed, eligible_roles, body_sha256, request_sha256, expires_at,
           snapshot, snapshot_at
         from approval_requests where journal_id = $1`,
        [journalId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const { snapshot, snapshot_at, ...rest } = row;
      return {
        ...rest,
        expires_at: iso(row.expires_at),
        snapshot:
          snapshot !== null && snapshot_at !== null
            ? { record: JSON.parse(snapshot) as Record<string, unknown>, read_at: iso(snapshot_at) }
            : null,
      };
    },

    /** Locks the entry's row until the transaction ends: approvals of one entry run one by one. */
    async lock(q: Queryable, journalId: string): Promise<string | undefined> {
      const rows = await q.query<{ state: string }>(
        'select state from journal_entries where id = $1 for update',
        [journalId],
      );
      return rows[0]?.state;
    },

    /** False when this approver already approved (the unique key decides). */
    async addApproval(q: Queryable, journalId: string, row: ApprovalRow): Promise<boolean> {
      const rows = await q.query(
        `insert into approvals (journal_id, approver, approver_name, body_sha256, request_sha256,
           approved_at)
         values ($1, $2, $3, $4, $5, $6::timestamptz)
         on conflict (journal_id, approver) do nothing returning approver`,
        [
          journalId,
          row.approver,
          row.approver_name,
          row.body_sha256,
          row.request_sha256,
          row.approved_at,
        ],
      );
      return rows.length === 1;
    },

    async approvals(journalId: string, q: Queryable = db): Promise<ApprovalRow[]> {
      const rows = await q.query<ApprovalRow & { approved_at: Date | string }>(
        `select approver, approver_name, body_sha256, request_sha256, approved_at from approvals
         where journal_id = $1 order by id`,
        [journalId],
      );
      return rows.map((r) => ({ ...r, approved_at: iso(r.approved_at) }));
    },

    async addEvent(
      q: Queryable,
      journalId: string,
      kind: ApprovalEventKind,
      actor: { username: string; display_name: string } | null,
      detail: string | null,
      at: Date,
    ): Promise<void> {
      await q.query(
        `insert into approval_events (journal_id, kind, actor, actor_name, detail, at)
         values ($1, $2, $3, $4, $5, $6::timestamptz)`,
        [
          journalId,
          kind,
          actor?.username ?? null,
          actor?.display_name ?? null,
          detail,
          at.toISOString(),
        ],
      );
    },

    async events(journalId: string): Promise<ApprovalEvent[]> {
      const rows = await db.query<ApprovalEvent & { at: Date | string }>(
        `select kind, actor, actor_name, detail, at from approval_events
         where journal_id = $1 order by id`,
        [journalId],
      );
      return rows.map((r) => ({ ...r, at: iso(r.at) }));
    },

    /** Entries waiting for approval, oldest first (the queue filters them per operator). */
    async awaitingIds(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select e.id from journal_entries e join approval_requests r on r.journal_id = e.id
         where e.state = 'AWAITING_APPROVAL' order by e.seq`,
      );
      return rows.map((r) => r.id);
    },

    /** Waiting entries whose time is up, at `now`. */
    async dueIds(now: Date): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select e.id from journal_entries e join approval_requests r on r.journal_id = e.id
         where e.state = 'AWAITING_APPROVAL' and r.expires_at <= $1::timestamptz`,
        [now.toISOString()],
      );
      return rows.map((r) => r.id);
    },

    /**
     * True when the entry went through approval and was never sent: a retry must not send it,
     * since nobody approved sending it (rejected, cancelled, expired, refused at send time).
     */
    async neverSent(journalId: string): Promise<boolean> {
      const rows = await db.query<{ sent: boolean }>(
        `select exists (select 1 from approval_events where journal_id = $1 and kind = 'sent') as sent
         from approval_requests where journal_id = $1`,
        [journalId],
      );
      return rows[0] !== undefined && !rows[0].sent;
    },
  };
}

export type ApprovalStore = ReturnType<typeof createApprovalStore>;
