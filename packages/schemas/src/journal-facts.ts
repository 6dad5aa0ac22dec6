import type { JournalEntry, JournalState } from './console-api';
import { isKnownValue } from './primitives/enums';
import { MARKETS, marketAssets } from './primitives/trading-enums';

/** A journal state as an operator says it. The wire and the CSV keep the upper-case value. */
export const JOURNAL_STATE_WORDS: Readonly<Record<JournalState, string>> = {
  SENDING: 'Sending',
  SUCCEEDED: 'Succeeded',
  REJECTED: 'Rejected',
  UNKNOWN: 'Outcome unknown',
  AWAITING_APPROVAL: 'Awaiting approval',
  APPROVED: 'Approved',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
  DUPLICATE: 'Duplicate',
};

/** The state in words; a state this build does not know is shown as it came. */
export function journalStateWords(state: string): string {
  return Object.hasOwn(JOURNAL_STATE_WORDS, state)
    ? JOURNAL_STATE_WORDS[state as JournalState]
    : state;
}

/** What a journal entry moved and made, read from its exact body, path and answer. */
export interface JournalFacts {
  /** The amount as sent (decimal text, exactly), or null for a send without one. */
  amount: string | null;
  asset: string | null;
  /** The profile whose funds or records the send concerns (the sender for a transfer). */
  profile_id: string | null;
  /** The status of the record the service made, as it answered (`PENDING`, `FILLED`…). */
  service_status: string | null;
  /** The id of the record the service made. */
  record_id: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function parseBody(body: string): Json {
  try {
    const parsed: unknown = JSON.parse(body);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The base or quote asset of the body's market, for the order amount fields. */
function marketAsset(body: Json, part: 'base' | 'quote'): string | null {
  const market = text(body.market);
  return market && isKnownValue(MARKETS, market) ? marketAssets(market)[part] : null;
}

/**
 * The facts the journal list, the work queue and the CSV show as columns. Read from the spec's
 * field names, so an operation added later is covered when it uses them: `amount`/`asset`,
 * `source_amount`/`source_asset`, an order's `base_amount` or `quote_amount` in its market's
 * asset, a fee quote's `total`; the profile from `profile_id`, `from_profile_id` or the path.
 */
export function journalFacts(
  entry: Pick<JournalEntry, 'request_body' | 'request_path' | 'response' | 'state'>,
): JournalFacts {
  const body = parseBody(entry.request_body);
  let amount: string | null = null;
  let asset: string | null = null;
  for (const [amountKey, assetOf] of [
    ['amount', () => text(body.asset)],
    ['source_amount', () => text(body.source_asset)],
    ['base_amount', () => marketAsset(body, 'base')],
    ['quote_amount', () => marketAsset(body, 'quote')],
    ['total', () => text(body.asset)],
  ] as const) {
    if (text(body[amountKey])) {
      amount = text(body[amountKey]);
      asset = assetOf();
      break;
    }
  }
  asset ??= text(body.asset) ?? text(body.source_asset);
  const fromPath = /\/profiles\/([^/?]+)/.exec(entry.request_path)?.[1];
  const profile_id =
    text(body.profile_id) ??
    text(body.from_profile_id) ??
    (fromPath ? decodeURIComponent(fromPath) : null);
  // Only a succeeded send's answer is the record; a refusal's is problem details.
  const answer = entry.state === 'SUCCEEDED' && isObject(entry.response) ? entry.response : {};
  const record = isObject(answer.rule) ? answer.rule : answer;
  return {
    amount,
    asset,
    profile_id,
    service_status: text(record.status),
    record_id: text(record.id),
  };
}
