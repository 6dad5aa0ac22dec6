import {
  FINAL_TRANSFER_STATUSES,
  SECONDARY_STATUSES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
} from '../primitives/transfer-enums';
import {
  arrayParam,
  enumParam,
  enumsParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  textParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { TransferSchema } from '../resources/transfer';
import type { OperationRules } from './define-operation';
import { defineRead } from './define-read';

const queryShape = {
  ids: idsParam('Transfer ids'),
  profile_ids: idsParam('Profile ids', 'listProfiles'),
  identity_ids: idsParam('Identity ids', 'listIdentities'),
  account_ids: idsParam('Account ids', 'listAccounts'),
  ref_ids: idsParam('Reference ids'),
  group_ids: idsParam('Group ids'),
  crypto_tx_hashes: arrayParam('Transaction hashes', textParam('Transaction hash').unwrap()),
  type: enumsParam('Types', TRANSFER_TYPES),
  statuses: enumsParam('Statuses', TRANSFER_STATUSES),
  secondary_statuses: enumsParam('Secondary statuses', SECONDARY_STATUSES),
  ...timeRangeParams('created_at', 'Created'),
  ...timeRangeParams('updated_at', 'Updated'),
  order: orderParam(),
  order_by: enumParam('Order by', ['CREATED_AT', 'UPDATED_AT']).meta({ group: 'options' }),
  limit: limitParam(1000),
  page_cursor: pageCursorParam(),
};
type Query = { [K in keyof typeof queryShape]?: unknown };

/** Each of these may go only with the time filters: never with one another, nor other filters. */
const ALONE = ['ids', 'profile_ids', 'identity_ids', 'account_ids', 'ref_ids', 'type'] as const;
const ANY_TIME = /^(created_at|updated_at)\./;
const PAGING = new Set(['order', 'order_by', 'limit', 'page_cursor']);

/**
 * The appendix's combination rules: an id list or `type` combines only with time filters, and
 * `order_by` is of the same family as any time filter (`updated_at.*` needs `UPDATED_AT`).
 */
const transferQueryRules: OperationRules<Query> = (query, report) => {
  const given = Object.keys(query).filter(
    (name) => query[name as keyof Query] !== undefined && !PAGING.has(name),
  );
  const alone = ALONE.find((name) => given.includes(name));
  if (alone) {
    for (const name of given) {
      if (name !== alone && !ANY_TIME.test(name)) {
        report([name], `${name} cannot be combined with ${alone}: only time filters can`);
      }
    }
  }
  const created = given.find((name) => name.startsWith('created_at.'));
  const updated = given.find((name) => name.startsWith('updated_at.'));
  if (created && updated) {
    report([updated], 'Filter on creation times or on update times, not both');
  } else if (updated && query.order_by !== 'UPDATED_AT') {
    report(['order_by'], `${updated} needs order_by UPDATED_AT`);
  } else if (created && query.order_by === 'UPDATED_AT') {
    report(['order_by'], `${created} needs order_by CREATED_AT`);
  }
};

export const listTransfers = defineRead({
  id: 'listTransfers',
  title: 'Transfers',
  description: 'Transfers: deposits, withdrawals, internal and svc transfers, newest first.',
  path: '/v2/transfer/transfers',
  scope: 'transfer:read_transfer',
  roles: ROLES,
  nav: { duty: 'Transfers', label: 'Transfers' },
  route: '/transfers',
  page: true,
  result: {
    status: { member: 'status', known: TRANSFER_STATUSES, terminal: FINAL_TRANSFER_STATUSES },
    record: { operation: 'getTransfer', params: { id: 'id' } },
  },
  pathShape: {},
  queryShape,
  queryRules: transferQueryRules,
  // A page with fewer items than `limit` is the last one.
  item: TransferSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000, defaultLimit: 100 },
  example: (ids) => ({
    query: { profile_ids: [ids.profiles.omnibus], 'created_at.gte': '2020-01-01T00:00:00Z' },
  }),
});
