import {
  journalFacts,
  operations,
  isOperationId,
  type ApprovalDetail,
  type Order,
  type Orchestration,
  type Transfer,
} from '@console/schemas';
import { averagePrice } from './average-price';
import type { CsvColumn } from './csv';
import { add } from './decimal';
import { bankOf, railAndDigits } from './fiat-account-words';
import type { NameOf } from './record-names';
import type { ProfileBalance, ReadDepositAddress, ReadFiatAccount, ReadRule } from './read-schemas';
import { partiesText, requestParties } from './request-parties';
import type { ListItem } from './use-service-list';

/*
 * The columns of each list's CSV export, in the journal CSV's style: flat snake_case columns
 * first (the record's id, times as the service wrote them, amounts exact as decimal text, a
 * profile's nickname beside its id), the record's whole JSON last. What a spreadsheet filters
 * and sums on, and nothing lost.
 */

type Named = NameOf;
const profile = (nameOf: Named, id: string | undefined) =>
  id ? (nameOf({ kind: 'profile', id }) ?? '') : '';

export const orderColumns = (nameOf: Named): CsvColumn<Order>[] => [
  { name: 'id', value: (o) => o.id },
  { name: 'created_at', value: (o) => o.created_at },
  { name: 'profile_id', value: (o) => o.profile_id },
  { name: 'profile', value: (o) => profile(nameOf, o.profile_id) },
  { name: 'market', value: (o) => o.market },
  { name: 'side', value: (o) => o.side },
  { name: 'type', value: (o) => o.type },
  { name: 'status', value: (o) => o.status },
  { name: 'base_amount', value: (o) => o.base_amount },
  { name: 'quote_amount', value: (o) => o.quote_amount },
  { name: 'price', value: (o) => o.price },
  { name: 'amount_filled', value: (o) => o.amount_filled },
  // Empty while nothing filled, as the console shows it.
  { name: 'average_price', value: (o) => averagePrice(o) },
  { name: 'ref_id', value: (o) => o.ref_id },
  { name: 'modified_at', value: (o) => o.modified_at },
  { name: 'record', value: (o) => o },
];

export const transferColumns = (nameOf: Named): CsvColumn<Transfer>[] => [
  { name: 'id', value: (t) => t.id },
  { name: 'created_at', value: (t) => t.created_at },
  { name: 'profile_id', value: (t) => t.profile_id },
  { name: 'profile', value: (t) => profile(nameOf, t.profile_id) },
  { name: 'type', value: (t) => t.type },
  { name: 'direction', value: (t) => t.direction },
  { name: 'status', value: (t) => t.status },
  { name: 'amount', value: (t) => t.amount },
  { name: 'fee', value: (t) => t.fee },
  { name: 'total', value: (t) => t.total },
  { name: 'asset', value: (t) => t.asset },
  { name: 'ref_id', value: (t) => t.ref_id },
  { name: 'group_id', value: (t) => t.group_id },
  { name: 'crypto_tx_hash', value: (t) => t.crypto_tx_hash },
  { name: 'updated_at', value: (t) => t.updated_at },
  { name: 'record', value: (t) => t },
];

export const orchestrationColumns = (nameOf: Named): CsvColumn<Orchestration>[] => [
  { name: 'id', value: (o) => o.id },
  { name: 'created_at', value: (o) => o.created_at },
  { name: 'profile_id', value: (o) => o.profile_id },
  { name: 'profile', value: (o) => profile(nameOf, o.profile_id) },
  { name: 'source_asset', value: (o) => o.source_asset },
  { name: 'destination_asset', value: (o) => o.destination_asset },
  { name: 'source_amount', value: (o) => o.source_amount },
  { name: 'status', value: (o) => o.status },
  { name: 'fail_reason', value: (o) => o.fail_reason },
  { name: 'orchestration_rule_id', value: (o) => o.orchestration_rule_id },
  { name: 'ref_id', value: (o) => o.ref_id },
  { name: 'updated_at', value: (o) => o.updated_at },
  { name: 'record', value: (o) => o },
];

export const ruleColumns = (nameOf: Named): CsvColumn<ReadRule>[] => [
  { name: 'id', value: (r) => r.id },
  { name: 'created_at', value: (r) => r.created_at },
  { name: 'nickname', value: (r) => r.nickname },
  { name: 'profile_id', value: (r) => r.profile_id },
  { name: 'profile', value: (r) => profile(nameOf, r.profile_id) },
  { name: 'source_asset', value: (r) => r.source_asset },
  { name: 'destination_asset', value: (r) => r.destination_asset },
  { name: 'status', value: (r) => r.status },
  { name: 'ref_id', value: (r) => r.ref_id },
  { name: 'record', value: (r) => r },
];

export const depositAddressColumns = (nameOf: Named): CsvColumn<ReadDepositAddress>[] => [
  { name: 'id', value: (a) => a.id },
  { name: 'created_at', value: (a) => a.created_at },
  { name: 'profile_id', value: (a) => a.profile_id },
  { name: 'profile', value: (a) => profile(nameOf, a.profile_id) },
  { name: 'crypto_network', value: (a) => a.crypto_network },
  { name: 'address', value: (a) => a.address },
  { name: 'conversion_target_asset', value: (a) => a.conversion_target_asset },
  { name: 'ref_id', value: (a) => a.ref_id },
  { name: 'record', value: (a) => a },
];

export const fiatAccountColumns = (): CsvColumn<ReadFiatAccount>[] => [
  { name: 'id', value: (a) => a.id },
  { name: 'created_at', value: (a) => a.created_at },
  { name: 'account', value: (a) => railAndDigits(a) },
  { name: 'bank', value: (a) => bankOf(a) },
  { name: 'status', value: (a) => a.status },
  { name: 'ref_id', value: (a) => a.ref_id },
  { name: 'updated_at', value: (a) => a.updated_at },
  { name: 'record', value: (a) => a },
];

/** One asset's balance of one profile: a row of the balances list. */
export interface BalanceRow {
  id: string;
  profile_id: string;
  balance: ProfileBalance;
}

export const balanceColumns = (nameOf: Named): CsvColumn<BalanceRow>[] => [
  { name: 'profile_id', value: (r) => r.profile_id },
  { name: 'profile', value: (r) => profile(nameOf, r.profile_id) },
  { name: 'asset', value: (r) => r.balance.asset },
  { name: 'available', value: (r) => r.balance.available },
  { name: 'held_by_orders', value: (r) => r.balance.trading },
  { name: 'total', value: (r) => add(r.balance.available, r.balance.trading) },
];

export const approvalColumns = (nameOf: Named): CsvColumn<ApprovalDetail>[] => [
  { name: 'operation', value: (a) => a.journal.operation },
  {
    name: 'title',
    value: (a) =>
      isOperationId(a.journal.operation)
        ? operations[a.journal.operation].title
        : a.journal.operation,
  },
  { name: 'state', value: (a) => a.journal.state },
  { name: 'operator', value: (a) => a.journal.operator },
  { name: 'time', value: (a) => a.journal.created_at },
  { name: 'ref_id', value: (a) => a.journal.ref_id },
  { name: 'amount', value: (a) => journalFacts(a.journal).amount },
  { name: 'asset', value: (a) => journalFacts(a.journal).asset },
  {
    name: 'parties',
    value: (a) => partiesText(requestParties(a.journal.operation, a.fields), nameOf),
  },
  { name: 'approvers_needed', value: (a) => a.approval.approvers_needed },
  { name: 'approvals_counting', value: (a) => a.approval.approvals.filter((g) => g.counts).length },
  { name: 'eligible_roles', value: (a) => a.approval.eligible_roles.join(' ') },
  { name: 'expires_at', value: (a) => a.approval.expires_at },
  { name: 'stalled', value: (a) => a.approval.prospect?.stalled },
  { name: 'policy_version', value: (a) => a.journal.policy_version },
  { name: 'id', value: (a) => a.journal.id },
  { name: 'operator_name', value: (a) => a.journal.operator_name },
  { name: 'request_path', value: (a) => a.journal.request_path },
  { name: 'body_sha256', value: (a) => a.journal.body_sha256 },
  { name: 'request_body', value: (a) => a.journal.request_body },
];

/**
 * The service's appendix-B lists, whose records are flat enough to export as they are: the named
 * members as columns (in the service's spelling), the whole record last. Personal data is in the
 * rows as the BFF gave them, so masked for the roles that see it masked.
 */
function flatColumns<T extends object>(members: readonly (keyof T & string)[]): CsvColumn<T>[] {
  return [
    ...members.map((member) => ({ name: member, value: (row: T) => row[member] })),
    { name: 'record', value: (row: T) => row },
  ];
}

export const identityColumns = flatColumns<ListItem<'listIdentities'>>([
  'id',
  'created_at',
  'type',
  'summary_status',
  'ref_id',
  'updated_at',
]);

export const accountColumns = flatColumns<ListItem<'listAccounts'>>([
  'id',
  'created_at',
  'identity_id',
  'type',
  'summary_status',
  'profile_id',
  'description',
  'ref_id',
  'updated_at',
]);

export const destinationAddressColumns = flatColumns<ListItem<'listCryptoDestinationAddresses'>>([
  'id',
  'created_at',
  'crypto_network',
  'address',
  'nickname',
  'status',
  'identity_id',
  'bookmarked',
]);

export const depositInstructionsColumns = flatColumns<ListItem<'listFiatDepositInstructions'>>([
  'id',
  'created_at',
  'profile_id',
  'identity_id',
  'account_id',
  'status',
  'memo_id',
  'ref_id',
]);
