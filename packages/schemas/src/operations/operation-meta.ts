import type { ApproverRole, Role } from '../primitives/roles';

/*
 * What every registry entry says besides its wire contract: who may use it, where the console
 * offers it, and how its answer is shown. The BFF, the SPA and the tests read these; nothing
 * else lists operations.
 */

/** The navigation's duties, in the order the console shows them. */
export const DUTIES = [
  'Trading',
  'Transfers',
  'Crypto',
  // Where money may go: the service's address book beside the console's book of allowed
  // destinations, one section (issue 60, item 5).
  'Destinations',
  'Fiat',
  'Orchestration',
  'Profiles',
  'Events',
] as const;
export type Duty = (typeof DUTIES)[number];

/** An entry of the navigation: under which duty, with which words. */
export interface NavPlacement {
  duty: Duty;
  label: string;
}

/**
 * Where a record is read back: a read of the registry, and which members fill its path parameters
 * and query. A member is looked up in the record first, then in the request (Cancel Order answers
 * `{}`: its order is the one the request named). A rule, which has no Get, is found by `ids`.
 */
export interface RecordLink {
  operation: string;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
}

/** How an answer is shown. */
export interface ResultDisplay {
  /** The member that wraps the record in the answer (`rule` for the rule operations). */
  wrapper?: string;
  /**
   * The record's status: its member, the values the spec lists (others show as unknown), and
   * those after which the record no longer changes (a page stops following it).
   */
  status?: { member: string; known: readonly string[]; terminal: readonly string[] };
  /** Where the record is read back. */
  record?: RecordLink;
}

/**
 * What a write does, for its approval default (docs/decisions/006): money leaving a profile, a
 * payee's details or a standing instruction that moves money changed are held for another
 * operator; a trade inside a profile and what moves nothing go out at once.
 */
export const WRITE_EFFECTS = [
  'moves-money',
  'changes-payee',
  'changes-standing-instruction',
  'trades',
  'moves-nothing',
] as const;
export type WriteEffect = (typeof WRITE_EFFECTS)[number];

/** The effects held for approval by default. */
export const HELD_EFFECTS: readonly WriteEffect[] = [
  'moves-money',
  'changes-payee',
  'changes-standing-instruction',
];

/** The approval a write needs when no policy file says otherwise. */
export interface ApprovalDefault {
  /** What the write does: whether it is held follows from it (`HELD_EFFECTS`). */
  because: WriteEffect;
  required: boolean;
  /** The roles whose operators may approve (never the maker). */
  approvers: readonly ApproverRole[];
  /**
   * The body members that hold the amount and its asset, which the policy's thresholds compare
   * (`required_above`, `two_above`). Without it, an operation takes no thresholds; Create Order's
   * notional is worked out from its market, amounts and price instead.
   */
  amount?: { amount: string; asset: string };
  /**
   * Where the money goes, for the book of allowed destinations (issue 37): the body member that
   * names it, and the member of the asset that arrives there (the policy's `destinations` is per
   * asset). Without it, an operation has no destination the book could allow.
   */
  destination?: DestinationField;
}

/**
 * How the console settles a send whose answer was lost (ADR 008), said by every write, with no
 * default: a missing one does not compile.
 * - `ref`: read the list `read` filtered by the entry's `ref_id` (under `filter`; path
 *   parameters of the read from the write's of the same name), find the record with that ref_id
 *   (and `type`, for a list of several kinds), and send the stored bytes again only when it is
 *   absent and, where `resendWithinMs` is given, no later than that after the entry was made;
 * - `plan`: read back by a plan of the BFF's own (`send/read-back.ts`), for a write that has no
 *   ref_id or whose record says more than "found" (an update, a cancel, a delete);
 * - `resend`: send the stored bytes again, for a write no read can find whose resend cannot act
 *   twice; `never`: an operator decides. Both say why.
 */
export type LostAnswerRule =
  | {
      settle: 'ref';
      read: string;
      filter: string;
      type?: string;
      resendWithinMs?: number;
    }
  | { settle: 'plan' }
  | { settle: 'resend'; why: string }
  | { settle: 'never'; why: string };

/**
 * The body member naming a write's destination and what it holds: the profile of another svc
 * customer (`counterparty-profile`), one of our own profiles (`own-profile`), or an orchestration
 * rail (`rail`: `{crypto: {address, network}}`, `{fiat: {fiat_account_id}}` or
 * `{profile: {profile_id}}`, the last a profile of our own).
 */
export interface DestinationField {
  field: string;
  holds: 'counterparty-profile' | 'own-profile' | 'rail';
  asset: string;
}

/** The members every registry entry has, read or write. */
export interface OperationMeta<Id extends string = string> {
  id: Id;
  title: string;
  /** One sentence for the operator: what it does. */
  description: string;
  /** The service's path template, such as `/v2/profiles/{profile_id}/orders`. */
  path: string;
  /** The names of the `{…}` parameters of the path, in order. */
  pathParams: readonly string[];
  /**
   * The OAuth 2 scope its token needs; `null` for public market data, which the service serves
   * without a token (appendix B, operations 40–42): nothing is signed or authorised for it.
   */
  scope: string | null;
  /** Roles whose operators may use it (the BFF checks, the SPA offers). */
  roles: readonly Role[];
  /** Its place in the navigation; absent when a parent page offers it. */
  nav?: NavPlacement;
  /** The operation whose page links to this one, when it has no place in the navigation. */
  parent?: string;
  /** Its page in the SPA; `:name` segments are its path parameters. */
  route: string;
  result: ResultDisplay;
}

/** The `{name}` parameters of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/**
 * One path parameter as a URL segment: percent-encoded, and never empty, `.` or `..`, which a
 * server would resolve to another endpoint. The schemas already refuse such values; this is the
 * last line, for any caller that builds a path without them.
 */
export function pathSegment(value: unknown, name: string): string {
  const segment = encodeURIComponent(String(value));
  if (segment === '' || segment === '.' || segment === '..') {
    throw new RangeError(`${name} cannot be a path segment: ${JSON.stringify(value)}`);
  }
  return segment;
}

/** Fills a path template; each value becomes one path segment ({@link pathSegment}). */
export function fillPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(params[name], name));
}
