/**
 * The dry run of a draft policy (issue 38): the journal's sends of a period decided again, by the
 * draft and by the version that was in force for each, with the one engine (`decidePolicy`). It
 * reads and never writes: no journal entry, no version, no request to the service.
 *
 * The facts of a send come from its stored body, as the send path made them (`thresholdAmount`,
 * `destinationOf`), with two read as they are now, since their past is not kept: whether the
 * destination is ACTIVE in the book, and the initiator's role (an operator no longer known is
 * taken as a viewer, and counted). A market order of unknown size is judged at an estimate, as
 * the send path judges it (`dry-run-prices.ts`): the only reads of the service it makes are of a
 * market's ticker, once per market.
 */
import {
  decidePolicy,
  WRITE_OPERATION_IDS,
  type DryRunChange,
  type FieldError,
  type PolicyDocumentV2,
  type PolicyDryRun,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import type { Db } from '../db/db';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import type { OperatorDirectory } from '../operators/operator-directory';
import type { MarketPrice } from '../rules/market-estimate';
import { factsOf, shapeOf } from '../rules/policy-facts';
import { bookNow } from './dry-run-book';
import { approvalCounter, described, outcomeKey, zeroCounts } from './dry-run-outcomes';
import { marketOrderPricer } from './dry-run-prices';
import type { PolicyStore, StoredVersion } from './policy-store';

/** Rows read per query: the journal is walked by `seq`, so memory stays one page's. */
export const PAGE_ROWS = 5_000;
/** The changed sends listed at most; `changed.total` counts them all. */
export const MAX_LISTED = 500;
const DAY_MS = 24 * 3_600_000;
export const DEFAULT_PERIOD_MS = 30 * DAY_MS;

export interface DryRunDeps {
  db: Db;
  store: Pick<PolicyStore, 'list'>;
  /** The operators as they are now; without it every initiator is unknown (a viewer). */
  directory?: Pick<OperatorDirectory, 'find'>;
  /** Operators known through single sign-on: their role as of their last sign-in. */
  ssoOperators?: Pick<SsoOperatorStore, 'all'>;
  /** The send path's reader of a market's price now; without it no price is read now. */
  marketPrice?: MarketPrice;
  /** Unix milliseconds: the end of the default period and the book's moment. */
  now?: () => number;
}

export interface DryRunInput {
  /** A policy document of either format, as the operator wrote it. */
  draft: unknown;
  from?: Date;
  to?: Date;
}

/** A draft the policy cannot take: each problem by its member, as `draft.<member>`. */
export class DraftError extends Error {
  override readonly name = 'DraftError';
  constructor(readonly problems: FieldError[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  }
}

/** A stored version the engine cannot read: there is nothing to compare its sends with. */
export class VersionUnreadable extends Error {
  override readonly name = 'VersionUnreadable';
  constructor(
    readonly version: number,
    problems: string,
  ) {
    super(`Version ${version} of the policy cannot be read: ${problems}`);
  }
}

/** No version of the policy exists yet: there is nothing to compare a draft with. */
export class NoVersion extends Error {
  override readonly name = 'NoVersion';
  constructor() {
    super('No version of the policy is in force yet.');
  }
}

/**
 * A document of either format as format 2 (`buildPolicy`: a legacy file read as rules, a format-2
 * one parsed, the limits and the book's settings checked). Problems are named by member under
 * `at` (`draft.rules.0.action`).
 */
export function asFormat2(document: unknown, at = 'draft'): PolicyDocumentV2 {
  try {
    return buildPolicy(document).document;
  } catch (error) {
    if (error instanceof PolicyError) throw new DraftError(error.fieldErrors(at));
    throw error;
  }
}

/** One journal row, only the columns the dry run needs. */
interface SendRow {
  /** `seq` as text (a bigint); named apart, since `order by seq` would otherwise sort the text. */
  position: string;
  id: string;
  operation: string;
  operator: string;
  created_at: Date | string;
  request_body: string;
  policy_version: number | string | null;
}

/** A version's span, as milliseconds (`until` Infinity for the one in force). */
interface Span {
  stored: StoredVersion;
  from: number;
  until: number;
}

/** A version with its document as format 2. */
interface Version {
  number: number;
  document: PolicyDocumentV2;
}

/**
 * The version in force for a send: its own, else the one in force when it was made, else the
 * first. Each document is converted to format 2 once, when first needed.
 */
function versionFinder(stored: StoredVersion[]) {
  const byNumber = new Map<number, StoredVersion>(stored.map((v) => [v.version, v]));
  const spans: Span[] = [...stored]
    .sort((a, b) => a.version - b.version)
    .map((v) => ({
      stored: v,
      from: Date.parse(v.effective_at),
      until: v.superseded_at === null ? Infinity : Date.parse(v.superseded_at),
    }));
  const first = spans[0]?.stored;
  if (!first) throw new NoVersion();
  const converted = new Map<number, Version>();
  const convert = (v: StoredVersion): Version => {
    let found = converted.get(v.version);
    if (!found) {
      try {
        found = { number: v.version, document: asFormat2(v.document, 'document') };
      } catch (error) {
        // Checked when proposed: a version that cannot be read was changed in the database.
        if (error instanceof DraftError) throw new VersionUnreadable(v.version, error.message);
        throw error;
      }
      converted.set(v.version, found);
    }
    return found;
  };
  return (own: number | null, createdAt: number): Version => {
    const exact = own === null ? undefined : byNumber.get(own);
    if (exact) return convert(exact);
    const then = spans.find((span) => span.from <= createdAt && createdAt < span.until);
    return convert(then?.stored ?? first);
  };
}

const jsonBody = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // A bodyless write (a delete) stores no body.
    return {};
  }
};

/**
 * Replays the journal's sends of `from` (inclusive) to `to` (exclusive), by default the 30 days
 * before now, through the draft and through the version then in force for each. Throws
 * `DraftError` for a draft the policy cannot take, `NoVersion` when there is no version.
 */
export async function dryRun(deps: DryRunDeps, input: DryRunInput): Promise<PolicyDryRun> {
  const clock = deps.now ?? Date.now;
  const now = clock();
  const draft = asFormat2(input.draft);
  const to = input.to ?? new Date(now);
  const from = input.from ?? new Date(to.getTime() - DEFAULT_PERIOD_MS);
  const versionFor = versionFinder(await deps.store.list());
  const standingOfTarget = await bookNow(deps.db, now);
  const bookReadAt = new Date(now).toISOString();
  const pricer = marketOrderPricer(deps.db, deps.marketPrice, clock);

  // The users file first, then single sign-on, as an approver's role is found.
  const sso = new Map(
    (await deps.ssoOperators?.all())?.map((operator) => [operator.identity, operator.role]),
  );
  const roles = new Map<string, Role | undefined>();
  const roleOf = (username: string) => {
    if (!roles.has(username)) {
      roles.set(username, deps.directory?.find(username)?.role ?? sso.get(username));
    }
    return roles.get(username);
  };

  const counts = { then: zeroCounts(), draft: zeroCounts() };
  const approvals = { then: approvalCounter(), draft: approvalCounter() };
  const versionsUsed = new Set<number>();
  const items: DryRunChange[] = [];
  let entries = 0;
  let total = 0;
  let unknown = 0;
  let after = '0';

  for (;;) {
    // Keyset by `seq`: each page starts where the last ended, whatever its size.
    const rows = await deps.db.query<SendRow>(
      `select seq::text as position, id, operation, operator, created_at, request_body, policy_version
       from journal_entries
       where seq > $1::bigint and operation = any($2::text[])
         and created_at >= $3::timestamptz and created_at < $4::timestamptz
       order by seq limit ${PAGE_ROWS}`,
      [after, WRITE_OPERATION_IDS, from.toISOString(), to.toISOString()],
    );
    await pricer.page(rows);
    for (const row of rows) {
      entries++;
      const operation = row.operation as WriteOperationId;
      const body = jsonBody(row.request_body);
      const shape = shapeOf(operation, body);
      const standing = shape.destination && standingOfTarget(shape.destination.target);
      let role = roleOf(row.operator);
      if (role === undefined) {
        unknown++;
        role = 'viewer';
      }
      const createdAt = new Date(row.created_at).getTime();
      const own = row.policy_version === null ? null : Number(row.policy_version);
      const version = versionFor(own, createdAt);
      versionsUsed.add(version.number);
      const priced = await pricer.shapes(
        { id: row.id, operation, body, shape },
        version.document,
        draft,
      );
      const facts = factsOf(operation, priced.draft, role, standing);
      const then = decidePolicy(version.document, factsOf(operation, priced.then, role, standing));
      const next = decidePolicy(draft, facts);
      counts.then[then.action.kind]++;
      counts.draft[next.action.kind]++;
      approvals.then.add(then);
      approvals.draft.add(next);
      if (outcomeKey(then) === outcomeKey(next)) continue;
      total++;
      if (items.length < MAX_LISTED) {
        items.push({
          journal_id: row.id,
          operation,
          created_at: new Date(row.created_at).toISOString(),
          operator: row.operator,
          asset: facts.asset,
          // The size known; a market order's estimates are each decision's.
          amount: shape.threshold?.amount?.toFixed() ?? null,
          ...(priced.read && { price_read: priced.read }),
          then: {
            ...described(version.document, then, priced.then.estimate),
            version: version.number,
          },
          draft: described(draft, next, priced.draft.estimate),
        });
      }
    }
    if (rows.length < PAGE_ROWS) break;
    after = rows[rows.length - 1]!.position;
  }

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    entries,
    versions: [...versionsUsed].sort((a, b) => a - b),
    then: counts.then,
    draft: counts.draft,
    approvals: { then: approvals.then.list(), draft: approvals.draft.list() },
    changed: { total, items },
    unknown_initiators: unknown,
    book_read_at: bookReadAt,
    market_orders: pricer.summary(),
  };
}
