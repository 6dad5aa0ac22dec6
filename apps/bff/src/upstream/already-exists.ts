/**
 * Resolving a send whose answer was lost. The service answers a reused `ref_id` with
 * `409 already-exists` and the existing record in `meta.existing`; when that record is the intent
 * that was sent, the earlier attempt reached the service and the send succeeded.
 */
import { DECIMAL_PATTERN, problemCode, isRecord } from '@console/schemas';
import Big from 'big.js';
import type { UpstreamOutcome } from './outcome';

type AnsweredOutcome = Extract<UpstreamOutcome, { kind: 'answered' }>;

/**
 * True when the service answered `409` with problem type `already-exists`.
 *
 * @example
 * if (isAlreadyExists(outcome) && outcome.retried) {
 *   const existing = existingRecord(outcome);
 * }
 */
export function isAlreadyExists(outcome: UpstreamOutcome): outcome is AnsweredOutcome {
  if (outcome.kind !== 'answered' || outcome.status !== 409) return false;
  const type = isRecord(outcome.body) ? outcome.body.type : undefined;
  return problemCode(typeof type === 'string' ? type : undefined) === 'already-exists';
}

/**
 * The record in `meta.existing` of an already-exists answer, when it carries one. The conflict is
 * over a `ref_id`, so a record that does not name one is not the record that holds it: the
 * matching below skips fields a record lacks, and an empty record would match any intent.
 */
export function existingRecord(outcome: UpstreamOutcome): Record<string, unknown> | undefined {
  if (!isAlreadyExists(outcome) || !isRecord(outcome.body)) return undefined;
  const meta = outcome.body.meta;
  return isRecord(meta) && isRecord(meta.existing) && meta.existing.ref_id !== undefined
    ? meta.existing
    : undefined;
}

/**
 * True when the existing record is the intent: every field of the intent (body and path
 * parameters, such as `profile_id` of Create Order) that the record also carries is equal.
 * Fields the record does not carry (request-only fields like `await_fill_millis`) are skipped.
 * Decimal strings compare by value (`"1.50"` equals `"1.5"`), date-times by instant (and a
 * 13-digit Unix-millisecond string equals the same instant as a date-time, as `expiration_date`
 * is sent and returned), nested objects recursively, arrays element by element.
 *
 * @example
 * existingMatchesIntent({ amount: '1.50', ref_id: 'r' }, {}, { amount: '1.5', ref_id: 'r', id: 't' }); // true
 */
export function existingMatchesIntent(
  body: Record<string, unknown>,
  pathParams: Record<string, string>,
  existing: Record<string, unknown>,
): boolean {
  return objectMatches({ ...body, ...pathParams }, existing);
}

function objectMatches(
  intent: Record<string, unknown>,
  existing: Record<string, unknown>,
): boolean {
  return Object.entries(intent).every(
    ([key, value]) =>
      value === undefined ||
      !Object.hasOwn(existing, key) ||
      existing[key] === undefined ||
      valueMatches(value, existing[key]),
  );
}

function valueMatches(intent: unknown, existing: unknown): boolean {
  if (intent === existing) return true;
  if (Array.isArray(intent)) {
    return (
      Array.isArray(existing) &&
      intent.length === existing.length &&
      intent.every((item, i) => valueMatches(item, existing[i]))
    );
  }
  if (isRecord(intent)) return isRecord(existing) && objectMatches(intent, existing);
  if (typeof intent === 'string' && typeof existing === 'string') {
    return decimalsEqual(intent, existing) ?? instantsEqual(intent, existing) ?? false;
  }
  return false;
}

/**
 * Equal as decimals, or undefined when either is not a decimal. Two strings without a dot are
 * identifiers as far as we know (`"007"` is not `"7"`), so a dot on either side is required.
 */
function decimalsEqual(a: string, b: string): boolean | undefined {
  if (!DECIMAL_PATTERN.test(a) || !DECIMAL_PATTERN.test(b)) return undefined;
  if (!a.includes('.') && !b.includes('.')) return undefined;
  return new Big(a).eq(new Big(b));
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const EPOCH_MILLIS = /^\d{13}$/;

function instant(value: string): number | undefined {
  if (EPOCH_MILLIS.test(value)) return Number(value);
  if (DATE_TIME.test(value)) return Date.parse(value);
  return undefined;
}

/** Equal as instants when at least one is a date-time and both read as instants. */
function instantsEqual(a: string, b: string): boolean | undefined {
  if (!DATE_TIME.test(a) && !DATE_TIME.test(b)) return undefined;
  const x = instant(a);
  const y = instant(b);
  return x === undefined || y === undefined ? undefined : x === y;
}
