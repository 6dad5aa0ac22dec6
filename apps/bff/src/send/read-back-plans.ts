/**
 * How each operation's lost answer is settled (`LOST_ANSWER`): by reading its record back (the
 * read's path and scope for an intent, and what its answer means), by sending the same bytes
 * again, or never by itself. One entry per write operation of the registry, tested as a table.
 */
import {
  isReadOperationId,
  isRecord,
  operations,
  WRITE_OPERATION_IDS,
  type LostAnswerRule,
  type ReadOperationId,
  type WriteOperationId,
} from '@console/schemas';
import { existingMatchesIntent } from '../upstream/already-exists';

/** What the read says about the entry's intent. */
export type ReadBack =
  /** The service holds the intended record: the send succeeded. */
  | { kind: 'found'; record: unknown }
  /** The service holds nothing of it: the send did not take effect. */
  | { kind: 'absent' }
  /** The service holds something else (another update since, an order that filled): say so. */
  | { kind: 'differs'; reason: string }
  /** The read itself failed: nothing is known. */
  | { kind: 'unreadable'; reason: string };

/** An entry's intent: its body and the path parameters of its operation. */
export interface Intent {
  body: Record<string, unknown>;
  params: Record<string, string>;
}

export interface Plan {
  /** The read for this intent: its path (with query) and scope; undefined when it cannot be built. */
  read(intent: Intent): { path: string; scope: string | null } | undefined;
  /** What the read's answer (status and body) means. */
  decide(status: number, body: unknown, intent: Intent): ReadBack;
  /** After `absent`, sending the stored bytes again is safe (a ref_id or an idempotent delete). */
  resendWhenAbsent: boolean;
  /**
   * How long after the entry was made its `ref_id` still names this intent alone at the service.
   * Create Order: a `ref_id` may be reused once its order has been closed for 24 hours, so a
   * resend after that could place a second order beside one the read did not see
   * (Create Order's `lostAnswer.resendWithinMs`).
   */
  resendForMs?: number;
  /**
   * What `differs` makes of the entry: REJECTED when it settles that the intent cannot have been
   * done (the ref_id is another record's, the order filled); UNKNOWN when it settles nothing.
   */
  whenDiffers: 'REJECTED' | 'UNKNOWN';
}

/** The records of a list read's answer, under the member (or alias) its registry entry names. */
function itemsOf(body: unknown, read: ReadOperationId): Record<string, unknown>[] {
  const { member, alias } = operations[read].list ?? { member: 'items' };
  if (!isRecord(body)) return [];
  const list = body[member] ?? (alias === undefined ? undefined : body[alias]);
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** Finds the record with the entry's ref_id in a list answer and checks it is the intent. */
function byRefId(read: ReadOperationId, type?: string) {
  return (status: number, body: unknown, intent: Intent): ReadBack => {
    if (status !== 200) return { kind: 'unreadable', reason: `the read answered ${status}` };
    const ref = intent.body.ref_id;
    const record = itemsOf(body, read).find(
      (r) => r.ref_id === ref && (type === undefined || r.type === type),
    );
    if (!record) return { kind: 'absent' };
    return existingMatchesIntent(intent.body, intent.params, record)
      ? { kind: 'found', record }
      : { kind: 'differs', reason: `another record holds the reference id ${String(ref)}` };
  };
}

/**
 * True when the record holds every value of the update: each member the update gives is present
 * and equal (metadata objects equal whole, as an update replaces them). Stricter than matching a
 * 409's record: a member the account lacks means the update did not happen.
 */
export function holdsUpdate(update: unknown, record: unknown, key = ''): boolean {
  if (!isRecord(update)) return update === record;
  if (!isRecord(record)) return false;
  if (key === 'metadata') {
    const a = Object.keys(update).sort();
    const b = Object.keys(record).sort();
    return a.join('\n') === b.join('\n') && a.every((k) => update[k] === record[k]);
  }
  return Object.entries(update).every(([k, v]) => v === undefined || holdsUpdate(v, record[k], k));
}

/**
 * A read of the registry for this intent: its path with the query, and its scope. Undefined when
 * the intent lacks what the path needs (an entry stored before a parameter was required).
 */
function registryRead(
  id: ReadOperationId,
  params: (i: Intent) => Record<string, unknown>,
  query: (i: Intent) => Record<string, unknown> = () => ({}),
) {
  return (i: Intent) => {
    const values = params(i);
    if (Object.values(values).some((v) => typeof v !== 'string' || v === '')) return undefined;
    try {
      return { path: operations[id].toPath(values, query(i)), scope: operations[id].scope };
    } catch {
      return undefined;
    }
  };
}

/** A list read filtered by the entry's `ref_id`, under the filter name the list takes. */
const refRead = (
  id: ReadOperationId,
  filter: string,
  params: (i: Intent) => Record<string, unknown> = () => ({}),
) => {
  const read = registryRead(id, params, (i) => ({ [filter]: [i.body.ref_id] }));
  return (i: Intent) => (typeof i.body.ref_id === 'string' ? read(i) : undefined);
};

/**
 * How a lost answer of each write is settled, as its registry entry says (`lostAnswer`, with no
 * default, so that a new write must say; issue 43): `read` its record back first (and send the
 * stored bytes again only as its plan allows); `resend` the stored bytes, for a write no read can
 * find whose resend cannot act twice; or `never`, and an operator decides.
 */
export type LostAnswer =
  | { settle: 'read'; plan: Plan }
  | { settle: 'resend'; why: string }
  | { settle: 'never'; why: string };

const readFirst = (plan: Plan): LostAnswer => ({ settle: 'read', plan });

/**
 * The read-back plans of the writes whose entry says `plan`: the record says more than "found"
 * (an update held or not, an order cancelled or filled, a record deleted or still there).
 */
const PLANS: Partial<Record<WriteOperationId, Plan>> = {
  updateFiatAccount: {
    read: registryRead('getFiatAccount', (i) => ({ id: i.params.id })),
    decide: (status, body, intent) => {
      if (status === 404) return { kind: 'differs', reason: 'the fiat account no longer exists' };
      if (status !== 200) return { kind: 'unreadable', reason: `the read answered ${status}` };
      return holdsUpdate(intent.body, body)
        ? { kind: 'found', record: body }
        : {
            kind: 'differs',
            reason:
              'the account does not hold the intended values: the update may not have been applied, or the account changed since; it is not sent again',
          };
    },
    resendWhenAbsent: false,
    whenDiffers: 'UNKNOWN',
  },
  cancelOrder: {
    read: registryRead('getOrder', (i) => ({
      profile_id: i.params.profile_id,
      id: i.params.id,
    })),
    decide: (status, body) => {
      if (status !== 200 || !isRecord(body)) {
        return { kind: 'unreadable', reason: `the read answered ${status}` };
      }
      if (body.status === 'CANCELLED') return { kind: 'found', record: {} };
      if (body.status === 'FILLED' || body.status === 'REJECTED') {
        return {
          kind: 'differs',
          reason: `the order is ${body.status}: it can no longer be cancelled`,
        };
      }
      return { kind: 'absent' };
    },
    resendWhenAbsent: true,
    whenDiffers: 'REJECTED',
  },
  deleteFiatAccount: {
    read: registryRead('getFiatAccount', (i) => ({ id: i.params.id })),
    decide: (status) =>
      status === 404
        ? { kind: 'found', record: {} }
        : status === 200
          ? { kind: 'absent' }
          : { kind: 'unreadable', reason: `the read answered ${status}` },
    resendWhenAbsent: true,
    whenDiffers: 'REJECTED',
  },
  deleteOrchestrationRule: {
    read: registryRead(
      'listOrchestrationRules',
      () => ({}),
      (i) => ({ ids: [i.params.id] }),
    ),
    decide: (status, body, intent) => {
      if (status !== 200) return { kind: 'unreadable', reason: `the read answered ${status}` };
      const rule = itemsOf(body, 'listOrchestrationRules').find((r) => r.id === intent.params.id);
      if (!rule) return { kind: 'differs', reason: 'the rule no longer exists' };
      return rule.status === 'DELETED' ? { kind: 'found', record: { rule } } : { kind: 'absent' };
    },
    resendWhenAbsent: true,
    whenDiffers: 'REJECTED',
  },
};

/** The plan of a write read back by its ref_id, as its entry's `ref` rule says. */
function refPlan(rule: Extract<LostAnswerRule, { settle: 'ref' }>, id: WriteOperationId): Plan {
  const read = rule.read;
  if (!isReadOperationId(read)) throw new Error(`${id}: lostAnswer reads ${read}, not a read`);
  const names = operations[read].pathParams;
  return {
    // The read's path parameters are the write's of the same name (a profile's orders).
    read: refRead(read, rule.filter, (i) => Object.fromEntries(names.map((n) => [n, i.params[n]]))),
    decide: byRefId(read, rule.type),
    resendWhenAbsent: true,
    ...(rule.resendWithinMs === undefined ? {} : { resendForMs: rule.resendWithinMs }),
    whenDiffers: 'REJECTED',
  };
}

function lostAnswerOfEntry(id: WriteOperationId): LostAnswer {
  const rule = operations[id].lostAnswer;
  switch (rule.settle) {
    case 'resend':
    case 'never':
      return rule;
    case 'ref':
      return readFirst(refPlan(rule, id));
    case 'plan': {
      const plan = PLANS[id];
      if (!plan) throw new Error(`${id}: its entry says lostAnswer plan, and PLANS has none`);
      return readFirst(plan);
    }
  }
}

/** How each write's lost answer is settled; paths and scopes of the reads from the registry. */
export const LOST_ANSWER: Readonly<Record<WriteOperationId, LostAnswer>> = Object.fromEntries(
  WRITE_OPERATION_IDS.map((id) => [id, lostAnswerOfEntry(id)]),
) as Record<WriteOperationId, LostAnswer>;

/** The plans kept here for writes whose entry does not ask for one: a rule moved elsewhere. */
export const unusedPlans = (): WriteOperationId[] =>
  (Object.keys(PLANS) as WriteOperationId[]).filter(
    (id) => operations[id].lostAnswer.settle !== 'plan',
  );

/** How a lost answer of `operation` is settled; an operation the console no longer knows: never. */
export function lostAnswerOf(operation: string): LostAnswer {
  return Object.hasOwn(LOST_ANSWER, operation)
    ? LOST_ANSWER[operation as WriteOperationId]
    : { settle: 'never', why: `${operation} is not an operation this console knows` };
}

/** The read plan of an operation, when its record can be read back. */
export function planOf(operation: string): Plan | undefined {
  const lost = lostAnswerOf(operation);
  return lost.settle === 'read' ? lost.plan : undefined;
}
