import {
  isRecord,
  operations,
  problemCode,
  walkFields,
  type ConsoleProblem,
  type IdentityControl,
  type TransferLimit,
  type WriteOperation,
  type WriteOperationId,
} from '@console/schemas';
import { identityFieldOf } from './end-user-fields';
import { controlWords, identityStatusWords } from './identity-words';
import { formatAmount } from './format-amount';
import { unavailableSideWords } from './market-status';
import { limitWords } from './transfer-limits';

/** A message the form shows beside one field. */
export interface FieldRefusal {
  path: string;
  message: string;
}

/** Names of the records a request picked, where the console has read them (pickers have). */
export interface RecordNames {
  identity: (id: string) => string | undefined;
  account: (id: string) => string | undefined;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The value of a dotted path of the request. */
function valueAt(input: Readonly<Record<string, unknown>>, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), input);
}

/** The request's fields that take ids from this list, with their values, as sent. */
function given(op: WriteOperation, input: Readonly<Record<string, unknown>>, list: string) {
  return walkFields(operations[op.id as WriteOperationId])
    .filter((f) => f.choices === list)
    .flatMap((f) => {
      const value = text(valueAt(input, f.path));
      return value ? [{ path: f.path, value }] : [];
    });
}

/** The identity field that sent this identity (the one meta names), else the first one sent. */
function identityField(op: WriteOperation, input: Readonly<Record<string, unknown>>, id: unknown) {
  const sent = given(op, input, 'listIdentities');
  return (sent.find((f) => f.value === id) ?? sent[0])?.path;
}

/** True for the `meta` of a limit refusal: the limit as List Transfer Limits lists it. */
const isLimit = (meta: Record<string, unknown>) =>
  text(meta.remaining) !== undefined && text(meta.limit) !== undefined;

/**
 * The service's refusals of appendix B's join rules, each in words beside the field it is about
 * (issue 34): an account that is not the identity's, an identity that may not transact, a send
 * above what remains of a limit, a payout to an address the book does not hold APPROVED. Known by
 * status, the problem type's last segment and the problem's `meta` (what it names), and by the
 * request's own fields; never by `detail` (DESIGN.md §3). Anything else stays with the problem
 * alert.
 */
export function refusalFields(
  op: WriteOperation,
  problem: ConsoleProblem,
  input: Readonly<Record<string, unknown>> | null,
  names: RecordNames,
): FieldRefusal[] {
  const upstream = problem.upstream;
  if (!upstream || !input) return [];
  const meta = isRecord(upstream.meta) ? upstream.meta : {};
  const code = problemCode(upstream.type);
  const identityName = (id: unknown) =>
    (typeof id === 'string' && names.identity(id)) || 'This identity';

  if (upstream.status === 403 && code === 'identity-verification-required') {
    const path = identityField(op, input, meta.identity_id);
    if (!path) return [];
    const status = identityStatusWords(text(meta.summary_status));
    return [
      {
        path,
        message: `${identityName(meta.identity_id)} is not approved (${status}): only an approved identity can transact. Choose another, or leave it out.`,
      },
    ];
  }
  if (upstream.status === 403 && isRecord(meta.control) && text(meta.control.type)) {
    const path = identityField(op, input, meta.identity_id);
    if (!path) return [];
    const control = meta.control as IdentityControl;
    const what =
      control.type === 'SELL_ONLY'
        ? 'it may sell and receive, not buy or send funds'
        : 'it cannot transact';
    return [
      {
        path,
        message: `${identityName(meta.identity_id)} has an active control, ${controlWords(control)}: ${what}.`,
      },
    ];
  }
  if (upstream.status === 403 && isLimit(meta)) {
    const path = op.approval.amount?.amount;
    if (!path) return [];
    const limit = meta as TransferLimit;
    const asset = limit.limit_asset ?? '';
    return [
      {
        path,
        message: `Above what remains of the limit of ${limitWords(limit)}: ${formatAmount(limit.remaining!, asset)} ${asset} is left. Send less, or wait for the period to pass.`,
      },
    ];
  }
  if (upstream.status === 403 && text(meta.address_id) && text(meta.status)) {
    const path = given(op, input, 'listCryptoDestinationAddresses')[0]?.path;
    if (!path) return [];
    return [
      {
        path,
        message: `The address book holds this address as ${text(meta.status)}: only an approved address can be paid out to. Wait for its screening, or choose an approved one.`,
      },
    ];
  }
  // The appendix names the problem type but not its status: known by the type alone, any 4xx.
  if (upstream.status >= 400 && upstream.status < 500 && code === 'unavailable-market') {
    const market = text(input.market) ?? text(meta.market);
    const side = (text(input.side) ?? text(meta.side)) === 'SELL' ? 'SELL' : 'BUY';
    if (!market || op.id !== 'createOrder') return [];
    return [
      {
        path: 'time_in_force',
        message: unavailableSideWords(market, side, text(meta.reason), input),
      },
    ];
  }
  if (upstream.status === 400 && Array.isArray(meta.errors)) {
    const accounts = new Set(given(op, input, 'listAccounts').map((f) => f.path));
    return meta.errors.flatMap((e): FieldRefusal[] => {
      if (!isRecord(e) || !text(e.path) || valueAt(input, e.path as string) === undefined)
        return [];
      const path = e.path as string;
      if (!accounts.has(path))
        return [{ path, message: text(e.message) ?? 'The service refused this value.' }];
      const account = text(valueAt(input, path))!;
      const pair = identityFieldOf(path);
      const identity = pair ? valueAt(input, pair) : undefined;
      return [
        {
          path,
          message: `${names.account(account) ?? 'This account'} is not an account of ${identityName(identity)}: neither its own nor one it is a member of. Choose one of theirs.`,
        },
      ];
    });
  }
  return [];
}
