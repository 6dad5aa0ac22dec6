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
import { COLUMNS, toEntry, type Row } from '../journal/journal-store';
import type { SqlParam } from '../db/db';
import { withCurrentOperators } from './approval-checks';
import type { ApprovalDeps } from './approval-deps';
import { prospectFor } from './approval-view';
import { currentOperators } from './prospect';
import { requiredAllNow } from './send-time-rules';

const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const MY_LIMIT = 30;
const ATTENTION_LIMIT = 30;
/** Requests waiting for approval are few by nature (they expire): an admin sees them all. */
const WAITING_LIMIT = 200;

/**
 * The work queue's reads. Every filter is in SQL on an existing index, and each scan is bounded
 * by the window it asks about, not by the size of the journal:
 * - a window's first `seq` comes from `journal_entries_created_at`; "mine" is then a range of
 *   `journal_entries_operator (operator, seq)`, "rejected in the last day" a range of
 *   `journal_entries_state (state, seq)`;
 * - waiting and unknown entries are few by nature (they expire, or are resolved): the state index;
 * - expiring approvals: `approval_requests_expires_at`.
 * Each waiting request says what it still needs of the operators there are now; one they cannot
 * approve (`stalled`) needs the attention of its maker and of the admins (issue 33).
 */
export function createWorkQueue(
  deps: ApprovalDeps,
  /**
   * The longest a request may wait for approval: "mine" reaches back this much further than a
   * day, so that a request which expires (or is approved at the last minute) is still there.
   */
  longestWaitMs = 0,
) {
  const db = deps.approvals.db;
  const entries = async (sql: string, params: SqlParam[]) =>
    (await db.query<Row>(`select ${COLUMNS} from journal_entries ${sql}`, params)).map(toEntry);

  /** The approval of each entry that needed one, with what a waiting one still needs. */
  async function approvalsOf(list: JournalEntry[]): Promise<Map<string, WorkApproval>> {
    const ids = [...new Set(list.map((e) => e.id))];
    const [requests, given, operators] = await Promise.all([
      deps.approvals.requestsOf(ids),
      deps.approvals.approvalsOf(ids),
      currentOperators(deps),
    ]);
    if (requests.size === 0) return new Map();
    const byId = new Map(list.map((e) => [e.id, e]));
    const [counting, now] = await Promise.all([
      withCurrentOperators(deps, [...given.values()].flat()),
      requiredAllNow(
        deps,
        [...requests.keys()].map((id) => byId.get(id)!),
      ),
    ]);
    return new Map(
      [...requests].map(([id, request], i) => {
        const approvals = given.get(id) ?? [];
        const entry = byId.get(id)!;
        return [
          id,
          {
            approvers_needed: request.approvers_needed,
            eligible_roles: request.eligible_roles,
            approvals_given: approvals.length,
            expires_at: request.expires_at,
            prospect: prospectFor(entry, request, approvals, counting, operators, now[i]),
          },
        ];
      }),
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
      const admin = operator.role === 'admin';
      const [recent, waiting, attention] = await Promise.all([
        entries(`where operator = $1 and seq >= $2::bigint order by seq desc limit ${MY_LIMIT}`, [
          operator.username,
          mineFrom,
        ]),
        // Their own waiting requests; an admin's queue also weighs everyone's.
        entries(
          `where state = 'AWAITING_APPROVAL' and ($1::boolean or operator = $2)
           order by seq desc limit ${WAITING_LIMIT}`,
          [admin, operator.username],
        ),
        entries(
          `where state = 'UNKNOWN'
             or (state = 'REJECTED' and seq >= $1::bigint)
             or (state = 'AWAITING_APPROVAL' and id in (
                   select journal_id from approval_requests where expires_at <= $2::timestamptz))
           order by seq desc limit ${ATTENTION_LIMIT}`,
          [from, new Date(now.getTime() + HOUR_MS).toISOString()],
        ),
      ]);
      const ownWaiting = waiting.filter((e) => e.operator === operator.username);
      const mine = newestFirst([...ownWaiting, ...recent], MY_LIMIT);
      const approvals = await approvalsOf([...mine, ...attention, ...waiting]);
      const item = (journal: JournalEntry): WorkItem => ({
        journal: entryForRole(operator.role, journal),
        approval: approvals.get(journal.id) ?? null,
      });
      const stalled = (e: JournalEntry) => approvals.get(e.id)?.prospect?.stalled != null;
      const reason = (e: JournalEntry): AttentionReason =>
        e.state === 'UNKNOWN'
          ? 'unknown'
          : e.state === 'REJECTED'
            ? 'rejected'
            : stalled(e)
              ? 'stalled'
              : 'expiring';
      // A request nobody can approve as things stand: its maker and the admins must know.
      const needing = newestFirst([...waiting.filter(stalled), ...attention], ATTENTION_LIMIT);
      return {
        my_requests: mine.map(item),
        needs_attention: needing.map((e): AttentionItem => ({ ...item(e), reason: reason(e) })),
        checked_at: now.toISOString(),
      };
    },
  };
}

export type WorkQueueStore = ReturnType<typeof createWorkQueue>;
