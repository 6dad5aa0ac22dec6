import { z } from 'zod';
import { positiveDecimalString } from '../primitives/decimal';
import {
  FINAL_ORDER_STATUSES,
  MarketSchema,
  ORDER_STATUSES,
  OrderSideSchema,
  OrderTypeSchema,
  TimeInForceSchema,
  type OrderSide,
  type OrderType,
  type TimeInForce,
} from '../primitives/trading-enums';
import { identifier } from '../primitives/identifier';
import { MONEY_ROLES } from '../primitives/roles';
import { OrderSchema } from '../resources/order';
import {
  endUserField,
  idField,
  metadataField,
  optional,
  pathIdField,
  refIdField,
} from './common-fields';
import { defineOperation } from './define-operation';
import { orderLimitRules } from './order-limits';

/** Which time-in-force values each order type allows, and which applies when omitted (spec table). */
export const TIME_IN_FORCE_TABLE: Record<
  OrderType,
  { default: TimeInForce; allowed: readonly TimeInForce[] }
> = {
  MARKET: { default: 'IOC', allowed: ['IOC'] },
  LIMIT: { default: 'GTC', allowed: ['IOC', 'GTC', 'GTT', 'FOK'] },
  POST_ONLY_LIMIT: { default: 'GTC', allowed: ['IOC', 'GTC', 'GTT', 'FOK'] },
  STOP_MARKET: { default: 'GTC', allowed: ['GTC', 'GTT'] },
  STOP_LIMIT: { default: 'GTC', allowed: ['GTC', 'GTT'] },
};

/** The amount fields of an order. */
export const ORDER_AMOUNT_FIELDS = ['base_amount', 'quote_amount', 'price', 'stop_price'] as const;
export type OrderAmountField = (typeof ORDER_AMOUNT_FIELDS)[number];

/** The amount fields an order of this type and side needs; the others do not apply to it. */
export function orderAmountFields(type: OrderType, side: OrderSide): readonly OrderAmountField[] {
  switch (type) {
    case 'LIMIT':
    case 'POST_ONLY_LIMIT':
      return ['base_amount', 'price'];
    case 'MARKET':
      return side === 'BUY' ? ['quote_amount'] : ['base_amount'];
    case 'STOP_MARKET':
      return ['stop_price', 'base_amount'];
    case 'STOP_LIMIT':
      return ['stop_price', 'price', 'base_amount'];
  }
}

/** A GTT expiry must be more than this many milliseconds after placement. */
export const GTT_MIN_LEAD_MILLIS = 10_000;
export const AWAIT_FILL_MAX_MILLIS = 10_000;
const TYPE_NAMES: Record<OrderType, string> = {
  LIMIT: 'a limit order',
  MARKET: 'a market order',
  POST_ONLY_LIMIT: 'a post-only limit order',
  STOP_MARKET: 'a stop market order',
  STOP_LIMIT: 'a stop limit order',
};
const AMOUNT_LABELS: Record<OrderAmountField, string> = {
  base_amount: 'Base amount',
  quote_amount: 'Quote amount',
  price: 'Price',
  stop_price: 'Stop price',
};

export const createOrder = defineOperation({
  id: 'createOrder',
  title: 'Create order',
  description: 'Places an order on a market for a profile.',
  method: 'POST',
  path: '/v2/profiles/{profile_id}/orders',
  scope: 'exchange:write_order',
  movesMoney: true,
  takesRefId: true,
  roles: MONEY_ROLES,
  approval: { because: 'trades', required: false, approvers: MONEY_ROLES },
  // The spec: "ref_id reuse: allowed once the order has been closed for more than 24 hours". An
  // hour short of that, so that a send's own retries (seconds, `Retry-After`) and the clocks of
  // the processes involved never carry a resend past it (ORDER_RESEND_FOR_MS).
  lostAnswer: {
    settle: 'ref',
    read: 'listProfileOrders',
    filter: 'ref_ids',
    resendWithinMs: 23 * 3_600_000,
  },
  nav: { duty: 'Trading', label: 'New order' },
  route: '/orders/new',
  result: {
    status: { member: 'status', known: ORDER_STATUSES, terminal: FINAL_ORDER_STATUSES },
    record: { operation: 'getOrder', params: { profile_id: 'profile_id', id: 'id' } },
  },
  pathShape: {
    profile_id: pathIdField(
      'Profile',
      'who',
      'The profile the order is placed for',
      'listProfiles',
    ),
  },
  bodyShape: {
    side: OrderSideSchema.meta({ label: 'Side', group: 'what' }),
    market: MarketSchema.meta({ label: 'Market', group: 'what' }),
    type: OrderTypeSchema.meta({ label: 'Order type', group: 'what' }),
    base_amount: positiveDecimalString('Base amount').optional().meta({
      label: 'Base amount',
      help: 'Amount of the base asset; for a market sell, the exact amount to sell',
      group: 'amount',
      kind: 'decimal',
      asset: 'market:base',
    }),
    quote_amount: positiveDecimalString('Quote amount').optional().meta({
      label: 'Quote amount',
      help: 'Amount of the quote asset to spend on a market buy',
      group: 'amount',
      kind: 'decimal',
      asset: 'market:quote',
    }),
    price: positiveDecimalString('Price').optional().meta({
      label: 'Price',
      help: 'Limit price in the quote asset',
      group: 'amount',
      kind: 'decimal',
      asset: 'market:quote',
    }),
    stop_price: positiveDecimalString('Stop price').optional().meta({
      label: 'Stop price',
      help: 'The order is triggered when the market reaches this price',
      group: 'amount',
      kind: 'decimal',
      asset: 'market:quote',
    }),
    time_in_force: TimeInForceSchema.optional().meta({
      label: 'Time in force',
      help: 'When omitted, the order type’s default applies',
      group: 'options',
    }),
    expiration_date: z
      .string({ error: 'Expiry must be a Unix time in milliseconds' })
      .regex(/^[0-9]{13}$/, { error: 'Expiry must be a Unix time in milliseconds (13 digits)' })
      .optional()
      .meta({
        label: 'Expiry',
        help: 'For GTT: when the order expires, more than 10 seconds from now',
        group: 'options',
        kind: 'epoch-millis',
      }),
    await_fill_millis: z
      .number({ error: 'Wait for fill must be a whole number of milliseconds' })
      .int({ error: 'Wait for fill must be a whole number of milliseconds' })
      .min(0, { error: 'Wait for fill cannot be negative' })
      .max(AWAIT_FILL_MAX_MILLIS, {
        error: `Wait for fill can be at most ${AWAIT_FILL_MAX_MILLIS} ms (10 seconds)`,
      })
      .optional()
      .meta({
        label: 'Wait for fill (ms)',
        help: 'Hold the answer until the order fills or this time passes; at most 10000',
        group: 'advanced',
        kind: 'integer',
      }),
    identity_id: endUserField('Identity', 'listIdentities', 'End user requesting the trade'),
    identity_account_id: endUserField(
      'Identity account',
      'listAccounts',
      'Account under which the order is placed: one the identity holds or is a member of',
    ),
    recipient_profile_id: optional(
      idField(
        'Recipient profile',
        'who',
        'Profile that receives the settled currency',
        'listProfiles',
      ),
    ),
    self_match_prevention_id: identifier('Self-match prevention group')
      .max(36, { error: 'Self-match prevention group can have at most 36 characters' })
      .optional()
      .meta({
        label: 'Self-match prevention group',
        help: 'Needs extra permissions; without it a match with your own resting order cancels that order',
        group: 'advanced',
        kind: 'token',
      }),
    ref_id: refIdField().optional().meta({
      label: 'Reference id',
      help: 'Idempotence id; may be reused once the order has been closed for more than 24 hours',
      group: 'advanced',
      kind: 'ref_id',
    }),
    metadata: optional(metadataField()),
  },
  rules(order, report, now) {
    if (order.identity_id !== undefined && order.identity_account_id === undefined) {
      report(['identity_account_id'], 'Identity account is required when an identity is given');
    }
    if (order.identity_account_id !== undefined && order.identity_id === undefined) {
      report(['identity_id'], 'Identity is required when an identity account is given');
    }
    const type = order.type;
    if (type === undefined || !Object.hasOwn(TIME_IN_FORCE_TABLE, type)) return;
    orderLimitRules(order, report);

    const tif = TIME_IN_FORCE_TABLE[type];
    if (order.time_in_force !== undefined && !tif.allowed.includes(order.time_in_force)) {
      report(
        ['time_in_force'],
        `${String(order.time_in_force)} is not allowed for ${TYPE_NAMES[type]}; choose ${tif.allowed.join(', ')}`,
      );
    }
    const effectiveTif = order.time_in_force ?? tif.default;
    const expiry = order.expiration_date;
    if (effectiveTif === 'GTT') {
      if (expiry === undefined) {
        report(['expiration_date'], 'Expiry is required for a GTT order');
      } else if (typeof expiry === 'string' && /^[0-9]{13}$/.test(expiry)) {
        // A 13-digit millisecond timestamp is far below 2^53: exact as a number.
        if (Number(expiry) - now <= GTT_MIN_LEAD_MILLIS) {
          report(['expiration_date'], 'Expiry must be more than 10 seconds from now');
        }
      }
    } else if (expiry !== undefined) {
      report(['expiration_date'], 'Expiry applies only to GTT orders');
    }

    if (type === 'MARKET' && order.side !== 'BUY' && order.side !== 'SELL') return;
    const side = order.side ?? 'BUY';
    const needed = orderAmountFields(type, side);
    for (const field of ORDER_AMOUNT_FIELDS) {
      if (needed.includes(field) && order[field] === undefined) {
        report([field], `${AMOUNT_LABELS[field]} is required for ${describe(type, side)}`);
      } else if (!needed.includes(field) && order[field] !== undefined) {
        report([field], `${AMOUNT_LABELS[field]} does not apply to ${describe(type, side)}`);
      }
    }
  },
  response: OrderSchema,
  example: (ids) => ({
    profile_id: ids.profiles.trading,
    side: 'BUY',
    market: 'BTCUSD',
    type: 'MARKET',
    quote_amount: '100.00',
  }),
});

function describe(type: OrderType, side: OrderSide): string {
  return type === 'MARKET' ? `a market ${side === 'BUY' ? 'buy' : 'sell'}` : TYPE_NAMES[type];
}
