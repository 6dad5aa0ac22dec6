import { isRecord, type TransferLimit, type TransferType } from '@console/schemas';
import { exceeds, isDecimal } from './decimal';
import { formatAmount } from './format-amount';

/*
 * Transfer limits (List Transfer Limits, appendix B) as a form uses them: which transfer type a
 * request counts against, the limits in words, and the one a send goes past. A send above what
 * remains of any limit of its type is refused by the service; the console says so before it is
 * sent. Every comparison is decimal (lib/decimal.ts), never a JavaScript number.
 */

/** What a form says about its request's destination, enough to know its payout rail. */
export interface LimitContext {
  /** The rail of a fiat account, by its id (`wire`, `dbs_act`…), where the console knows it. */
  fiatRail?: (fiatAccountId: string) => string | undefined;
}

/** The rail a source or destination object names (`crypto`, `fiat`, `profile`), or undefined. */
function railOf(value: unknown): { rail: string; fields: Record<string, unknown> } | undefined {
  if (!isRecord(value)) return undefined;
  for (const [rail, fields] of Object.entries(value)) {
    if (isRecord(fields)) return { rail, fields };
  }
  return undefined;
}

/**
 * The transfer type whose limits a request counts against, as the service counts them: a
 * transfer against its debit type, a withdrawal fee quote against crypto withdrawals, an
 * orchestration or rule against its payout (a crypto or wire withdrawal; none to a profile).
 * Undefined where no listed type applies: a payout over DBS ACT counts as `ACT_WITHDRAWAL`, which
 * the appendix's list of types (and so List Transfer Limits' query) does not hold.
 */
export function limitTypeOf(
  operation: string,
  input: Readonly<Record<string, unknown>>,
  context: LimitContext = {},
): TransferType | undefined {
  switch (operation) {
    case 'createInternalTransfer':
      return 'INTERNAL_TRANSFER_DEBIT';
    case 'createSvcTransfer':
      return 'SVC_TRANSFER_DEBIT';
    case 'createCryptoWithdrawalFee':
      return 'CRYPTO_WITHDRAWAL';
    case 'createOrchestration':
    case 'createOrchestrationRule': {
      const payout = railOf(input.destination);
      if (payout?.rail === 'crypto') return 'CRYPTO_WITHDRAWAL';
      if (payout?.rail !== 'fiat') return undefined;
      const account = payout.fields.fiat_account_id;
      const rail = typeof account === 'string' ? context.fiatRail?.(account) : undefined;
      return rail === 'dbs_act' ? undefined : 'WIRE_WITHDRAWAL';
    }
    default:
      return undefined;
  }
}

const TYPE_WORDS: Partial<Record<string, string>> = {
  INTERNAL_TRANSFER_DEBIT: 'internal transfers',
  SVC_TRANSFER_DEBIT: 'svc transfers',
  CRYPTO_WITHDRAWAL: 'crypto withdrawals',
  WIRE_WITHDRAWAL: 'wire withdrawals',
};

/** The transfer types a limit covers, in words: "wire and crypto withdrawals". */
export function limitTypesWords(limit: TransferLimit): string {
  const words = (limit.transfer_types ?? []).map((t) => TYPE_WORDS[t] ?? t);
  if (words.length <= 1) return words[0] ?? 'transfers';
  const [last, ...rest] = [...words].reverse();
  return `${rest.reverse().join(', ')} and ${last}`;
}

const PERIODS: [seconds: number, one: string, many: string][] = [
  [604_800, 'a week', 'weeks'],
  [86_400, 'a day', 'days'],
  [3_600, 'an hour', 'hours'],
  [60, 'a minute', 'minutes'],
];

/** A limit's period in words: "per transaction", "a day", "every 2 days" (rolling). */
export function periodWords(periodSeconds: string | undefined): string {
  const seconds = /^[0-9]+$/.test(periodSeconds ?? '') ? BigInt(periodSeconds!) : undefined;
  if (seconds === undefined) return 'over a period the service did not state';
  if (seconds === 0n) return 'per transaction';
  for (const [size, one, many] of PERIODS) {
    const unit = BigInt(size);
    if (seconds % unit === 0n) return seconds === unit ? one : `every ${seconds / unit} ${many}`;
  }
  return `every ${seconds} seconds`;
}

/** A limit in words: "2,000,000.00 USD a day on internal transfers". */
export function limitWords(limit: TransferLimit): string {
  const asset = limit.limit_asset ?? '';
  return `${formatAmount(limit.limit ?? '?', asset)} ${asset} ${periodWords(limit.period_seconds)} on ${limitTypesWords(limit)}`;
}

/**
 * The limits in the send's own asset, tightest first (least remaining): those the console can
 * compare exactly. A limit in another asset counts the send at the price the service takes when
 * it accepts it, which the console cannot know before.
 */
export function comparableLimits(limits: readonly TransferLimit[], asset: string | undefined) {
  return limits
    .filter((l) => asset !== undefined && l.limit_asset === asset && isDecimal(l.remaining))
    .sort((a, b) =>
      exceeds(a.remaining, b.remaining) ? 1 : exceeds(b.remaining, a.remaining) ? -1 : 0,
    );
}

/**
 * The limit a send of `amount` goes past, or undefined when it stays within every limit the
 * console can compare: exactly what remains passes, one unit more does not.
 */
export function limitExceeded(
  limits: readonly TransferLimit[],
  amount: unknown,
  asset: string | undefined,
): TransferLimit | undefined {
  if (!isDecimal(amount)) return undefined;
  return comparableLimits(limits, asset).find((l) => exceeds(amount, l.remaining));
}

/** Why a send is refused, naming the limit and what is left of it. */
export function overLimitWords(limit: TransferLimit, amount: string): string {
  const asset = limit.limit_asset ?? '';
  return `${formatAmount(amount, asset)} ${asset} is more than the limit of ${limitWords(limit)} allows: ${formatAmount(limit.remaining ?? '0', asset)} ${asset} is left`;
}
