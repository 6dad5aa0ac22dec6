import type {
  AttentionItem,
  AttentionReason,
  JournalEntry,
  Operator,
  WorkApproval,
  WorkItem,
  WorkQueue,
} from '@console/schemas';
import { entryForRole } from '../access/personal-data';
import type { Db } from '../db/db';
import { COLUMNS, toEntry, type Row } from './journal-store';

const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const MY_LIMIT = 30;
const ATTENTION_LIMIT = 30;

interface ApprovalRow {
  journal_id: string;
  approvers_needed: number | string;
  expires_at: Date | string;
  given: number | string;
}

/**
 * The work queue's reads. Every filter is in SQL on an existing index, and each scan is bounded
 * by the window it asks about, not by the size of the journal:
 * - a window's first `seq` comes from `journal_entries_created_at`; "mine" is then a range of
 *   `journal_entries_operator (operator, seq)`, "rejected in the last day" a range of
 *   `journal_entries_state (state, seq)`;
 * - waiting and unknown entries are few by nature (they expire, or are resolved): the state index;
 * - expiring approvals: `approval_requests_expires_at`.
 */
export function createWorkQueue(
  db: Db,
  /**
   * The longest a request may wait for approval: "mine" reaches back this much further than a
   * day, so that a request which expires (or is approved at the last minute) is still there.
   */
  longestWaitMs = 0,
) {
  const entries = async (sql: string, params: unknown[]) =>
    (await db.query<Row>(`select ${COLUMNS} from journal_entries ${sql}`, params)).map(toEntry);

  async function approvalsOf(ids: string[]): Promise<Map<string, WorkApproval>> {
    if (ids.length === 0) return new Map();
    const rows = await db.query<ApprovalRow>(
      `select r.journal_id, r.approvers_needed, r.expires_at,
         (select count(*) from approvals a where a.journal_id = r.journal_id) as given
       from approval_requests r where r.journal_id = any($1::text[])`,
      [ids],
    );
    return new Map(
      rows.map((r) => [
        r.journal_id,
        {
          approvers_needed: Number(r.approvers_needed),
          approvals_given: Number(r.given),
          expires_at: new Date(r.expires_at).toISOString(),
        },
      ]),
    );
  }

  /** The first position of the window that starts at `since` (past the end when it is empty). */
  async function firstSeqSince(since: Date): Promise<string> {
    const rows = await db.query<{ seq: string | null }>(
      `select min(seq)::text as seq from journal_entries where created_at >= $1::timestamptz`,
      [since.toISOString()],
    );
    return rows[0]?.seq ?? '9223372036854775807';
  }

  const newestFirst = (list: JournalEntry[], limit: number) => {
    const seen = new Set<string>();
    return list
      .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, limit);
  };

  return {
    /**
     * The queue of `operator` at `now`, every entry as their role may see it: "needs attention"
     * holds other operators' requests, bodies and answers included.
     */
    async read(operator: Pick<Operator, 'username' | 'role'>, now: Date): Promise<WorkQueue> {
      const [from, mineFrom] = await Promise.all([
        firstSeqSince(new Date(now.getTime() - DAY_MS)),
        firstSeqSince(new Date(now.getTime() - DAY_MS - longestWaitMs)),
      ]);
      const [recent, waiting, attention] = await Promise.all([
        entries(`where operator = $1 and seq >= $2::bigint order by seq desc limit ${MY_LIMIT}`, [
          operator.username,
          mineFrom,
        ]),
        entries(`where state = 'AWAITING_APPROVAL' and operator = $1 order by seq desc`, [
          operator.username,
        ]),
        entries(
          `where state = 'UNKNOWN'
             or (state = 'REJECTED' and seq >= $1::bigint)
             or (state = 'AWAITING_APPROVAL' and id in (
                   select journal_id from approval_requests where expires_at <= $2::timestamptz))
           order by seq desc limit ${ATTENTION_LIMIT}`,
          [from, new Date(now.getTime() + HOUR_MS).toISOString()],
        ),
      ]);
      const mine = newestFirst([...waiting, ...recent], MY_LIMIT);
      const approvals = await approvalsOf([...new Set([...mine, ...attention].map((e) => e.id))]);
      const item = (journal: JournalEntry): WorkItem => ({
        journal: entryForRole(operator.role, journal),
        approval: approvals.get(journal.id) ?? null,
      });
      const reason = (e: JournalEntry): AttentionReason =>
        e.state === 'UNKNOWN' ? 'unknown' : e.state === 'REJECTED' ? 'rejected' : 'expiring';
      return {
        my_requests: mine.map(item),
        needs_attention: attention.map((e): AttentionItem => ({ ...item(e), reason: reason(e) })),
        checked_at: now.toISOString(),
      };
    },
  };
}

export type WorkQueueStore = ReturnType<typeof createWorkQueue>;
