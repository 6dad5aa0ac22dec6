/**
 * Approval requests, approvals and their events in the database (migration 004): written in the
 * transaction of the flow that moves the journal entry, read for the queue, the page and the
 * checks made before each approval.
 */
import type { ApprovalEvent, ApprovalEventKind, JournalEntry, Role } from '@console/schemas';
import type { Db, Queryable } from '../db/db';
import { E_COLUMNS, toEntry, type Row } from '../journal/journal-store';
import {
  byEntry,
  iso,
  REQUEST_COLUMNS,
  toRequest,
  type ApprovalRequestRow,
  type ApprovalRow,
  type RequestRow,
} from './approval-rows';

/** A decision signed with a passkey, as its event keeps it. */
export interface SignedEventRow {
  kind: ApprovalEventKind;
  actor: string;
  actor_name: string;
  at: string;
  /** The proof as chained: canonical JSON of `DecisionProof`. */
  proof: string;
}

/** Who acted on a request: an operator, or null for the console itself. */
export type ApprovalActor = { username: string; display_name: string } | null;

/**
 * Approval requests, approvals and their events (migration 004). Transitions of the entry itself
 * stay in the journal store; the flow runs both inside one transaction.
 */
export interface ApprovalStore {
  readonly db: Db;
  /** Opens the request of a held entry, in the hold's transaction. */
  open(q: Queryable, row: ApprovalRequestRow): Promise<void>;
  /** The request of an entry, or undefined for an entry that never needed approval. */
  request(journalId: string, q?: Queryable): Promise<ApprovalRequestRow | undefined>;
  /**
   * The requests `operator` may decide at `now`, soonest to expire first, at most `limit`, and
   * how many there are in all: waiting, not made by them, naming their role, not approved by
   * them already (what `cannotDecide` checks of one, in one statement for all).
   */
  decidableBy(
    operator: { username: string; role: Role },
    now: Date,
    limit: number,
  ): Promise<{ items: { entry: JournalEntry; request: ApprovalRequestRow }[]; count: number }>;
  /** The requests of several entries (those that needed approval). */
  requestsOf(journalIds: string[]): Promise<Map<string, ApprovalRequestRow>>;
  /** The approvals of several entries, each entry's in the order given. */
  approvalsOf(journalIds: string[]): Promise<Map<string, ApprovalRow[]>>;
  /** The events of several entries, each entry's oldest first. */
  eventsOf(journalIds: string[]): Promise<Map<string, ApprovalEvent[]>>;
  /** Locks the entry's row until the transaction ends: approvals of one entry run one by one. */
  lock(q: Queryable, journalId: string): Promise<string | undefined>;
  /** False when this approver already approved (the unique key decides). */
  addApproval(q: Queryable, journalId: string, row: ApprovalRow): Promise<boolean>;
  /** The approvals of one entry, in the order given. */
  approvals(journalId: string, q?: Queryable): Promise<ApprovalRow[]>;
  /**
   * Appends a step of the request's history; a decision signed with a passkey keeps its proof
   * (canonical JSON, issue 61), chained with the event.
   */
  addEvent(
    q: Queryable,
    journalId: string,
    kind: ApprovalEventKind,
    actor: ApprovalActor,
    detail: string | null,
    at: Date,
    proof?: string,
  ): Promise<void>;
  /** The decisions of one entry signed with a passkey, oldest first, with their proofs. */
  signedEvents(journalId: string): Promise<SignedEventRow[]>;
  /** The history of one request, oldest first. */
  events(journalId: string): Promise<ApprovalEvent[]>;
  /** Waiting entries whose time is up, at `now`. */
  dueIds(now: Date): Promise<string[]>;
  /**
   * True when the entry went through approval and was never sent: a retry must not send it,
   * since nobody approved sending it (rejected, cancelled, expired, refused at send time).
   */
  neverSent(journalId: string): Promise<boolean>;
}

export function createApprovalStore(db: Db): ApprovalStore {
  return {
    db,

    async open(q: Queryable, row: ApprovalRequestRow): Promise<void> {
      await q.query(
        `insert into approval_requests (journal_id, approvers_needed, eligible_roles, body_sha256,
           request_sha256, expires_at, snapshot, snapshot_at, lift_roles, escalation,
           deciding_rule, passkey_required)
         values ($1, $2, $3::text[], $4, $5, $6::timestamptz, $7, $8::timestamptz, $9::text[],
           $10, $11, $12)`,
        [
          row.journal_id,
          row.approvers_needed,
          row.eligible_roles,
          row.body_sha256,
          row.request_sha256,
          row.expires_at,
          row.snapshot ? JSON.stringify(row.snapshot.record) : null,
          row.snapshot?.read_at ?? null,
          row.lift_roles ?? null,
          row.escalation ?? null,
          row.deciding_rule ? JSON.stringify(row.deciding_rule) : null,
          row.passkey_required ?? false,
        ],
      );
    },

    async request(journalId: string, q: Queryable = db): Promise<ApprovalRequestRow | undefined> {
      const rows = await q.query<RequestRow>(
        `select ${REQUEST_COLUMNS} from approval_requests r where r.journal_id = $1`,
        [journalId],
      );
      return rows[0] && toRequest(rows[0]);
    },

    async decidableBy(
      operator: { username: string; role: Role },
      now: Date,
      limit: number,
    ): Promise<{ items: { entry: JournalEntry; request: ApprovalRequestRow }[]; count: number }> {
      const rows = await db.query<Row & RequestRow & { total: number | string }>(
        `select ${E_COLUMNS}, ${REQUEST_COLUMNS}, count(*) over () as total
         from journal_entries e join approval_requests r on r.journal_id = e.id
         where e.state = 'AWAITING_APPROVAL' and e.operator <> $1 and $2 = any(r.eligible_roles)
           and r.expires_at > $3::timestamptz
           and not exists (select 1 from approvals a where a.journal_id = e.id and a.approver = $1)
         order by r.expires_at, e.seq limit $4`,
        [operator.username, operator.role, now.toISOString(), limit],
      );
      return {
        items: rows.map((row) => ({ entry: toEntry(row), request: toRequest(row) })),
        count: Number(rows[0]?.total ?? 0),
      };
    },

    async requestsOf(journalIds: string[]): Promise<Map<string, ApprovalRequestRow>> {
      if (journalIds.length === 0) return new Map();
      const rows = await db.query<RequestRow>(
        `select ${REQUEST_COLUMNS} from approval_requests r where r.journal_id = any($1::text[])`,
        [journalIds],
      );
      return new Map(rows.map((row) => [row.journal_id, toRequest(row)]));
    },

    async approvalsOf(journalIds: string[]): Promise<Map<string, ApprovalRow[]>> {
      if (journalIds.length === 0) return new Map();
      const rows = await db.query<ApprovalRow & { journal_id: string; approved_at: Date | string }>(
        `select journal_id, approver, approver_name, body_sha256, request_sha256, approved_at
         from approvals where journal_id = any($1::text[]) order by id`,
        [journalIds],
      );
      return byEntry(rows.map((r) => ({ ...r, approved_at: iso(r.approved_at) })));
    },

    async eventsOf(journalIds: string[]): Promise<Map<string, ApprovalEvent[]>> {
      if (journalIds.length === 0) return new Map();
      const rows = await db.query<ApprovalEvent & { journal_id: string; at: Date | string }>(
        `select journal_id, kind, actor, actor_name, detail, at from approval_events
         where journal_id = any($1::text[]) order by id`,
        [journalIds],
      );
      return byEntry(rows.map((r) => ({ ...r, at: iso(r.at) })));
    },

    async lock(q: Queryable, journalId: string): Promise<string | undefined> {
      const rows = await q.query<{ state: string }>(
        'select state from journal_entries where id = $1 for update',
        [journalId],
      );
      return rows[0]?.state;
    },

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
      actor: ApprovalActor,
      detail: string | null,
      at: Date,
      proof?: string,
    ): Promise<void> {
      await q.query(
        `insert into approval_events (journal_id, kind, actor, actor_name, detail, at, proof)
         values ($1, $2, $3, $4, $5, $6::timestamptz, $7)`,
        [
          journalId,
          kind,
          actor?.username ?? null,
          actor?.display_name ?? null,
          detail,
          at.toISOString(),
          proof ?? null,
        ],
      );
    },

    async signedEvents(journalId: string): Promise<SignedEventRow[]> {
      const rows = await db.query<SignedEventRow & { at: Date | string }>(
        `select kind, actor, actor_name, at, proof from approval_events
         where journal_id = $1 and proof is not null order by id`,
        [journalId],
      );
      return rows.map((r) => ({ ...r, at: iso(r.at) }));
    },

    async events(journalId: string): Promise<ApprovalEvent[]> {
      const rows = await db.query<ApprovalEvent & { at: Date | string }>(
        `select kind, actor, actor_name, detail, at from approval_events
         where journal_id = $1 order by id`,
        [journalId],
      );
      return rows.map((r) => ({ ...r, at: iso(r.at) }));
    },

    async dueIds(now: Date): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select e.id from journal_entries e join approval_requests r on r.journal_id = e.id
         where e.state = 'AWAITING_APPROVAL' and r.expires_at <= $1::timestamptz`,
        [now.toISOString()],
      );
      return rows.map((r) => r.id);
    },

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
