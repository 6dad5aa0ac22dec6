import type Big from 'big.js';
import type { Market, OrderSide, OrderType, TimeInForce } from '@console/schemas';
import type { SandboxMarket, SandboxTimings } from '../config';
import type { PriceModel } from './prices';
import type {
  AccountState,
  DestinationAddressRecord,
  EventState,
  IdentityState,
  LimitUse,
  MarketStatusState,
  TransferLimitState,
} from './store-records';

/**
 * A balance of one asset. `trading` is held by open orders; `available` (what new debits can
 * use) is `total − trading`, as List Profile Balances answers it.
 */
export interface Balance {
  total: Big;
  trading: Big;
}

export interface Profile {
  id: string;
  customer_id: string;
  nickname: string;
  /** NORMAL: made by the client; DEFAULT: the system's (Get Profile answers it for `default`). */
  type: 'NORMAL' | 'DEFAULT';
  description?: string;
  account_id?: string;
  /** Left out of reads unless `include_deactivated`. */
  deactivated: boolean;
  created_at: number;
  balances: Map<string, Balance>;
}

export interface FiatAccountState {
  id: string;
  profile_id: string;
  /** The record as the service answers it. */
  record: Record<string, unknown> & { created_at: string };
  /** When a PENDING update settles, and how. */
  settles_at?: number;
  settles_to?: 'APPROVED' | 'REJECTED';
  /** Set by Delete Fiat Account: no new transfer to it; read only with `include_deleted`. */
  deleted_at?: number;
}

/** Fiat deposit instructions: where payers wire to credit a profile (state/deposit-instructions.ts). */
export interface DepositInstructions {
  id: string;
  profile_id: string;
  identity_id: string;
  account_id?: string;
  ref_id?: string;
  asset: string;
  /** WIRE, CUBIX or DBS_ACT. */
  network: string;
  /** The reference a payer quotes on the wire. */
  memo_id: string;
  /** A DEPRECATED set must not be given to new payers; deposits to it are still credited. */
  status: 'VALID' | 'DEPRECATED';
  created_at: number;
}

export type OrderStatus = 'SUBMITTED' | 'OPEN' | 'FILLED' | 'CANCELLED' | 'REJECTED';

export interface OrderState {
  id: string;
  profile_id: string;
  customer_id: string;
  ref_id?: string;
  status: OrderStatus;
  side: OrderSide;
  market: Market;
  type: OrderType;
  time_in_force: TimeInForce;
  base_amount?: Big;
  quote_amount?: Big;
  price?: Big;
  stop_price?: Big;
  expiration?: number;
  metadata?: Record<string, string>;
  identity_id?: string;
  identity_account_id?: string;
  recipient_profile_id?: string;
  self_match_prevention_id?: string;
  is_triggered: boolean;
  amount_filled: Big;
  /** Sum of the fills' gross trade amounts (amount × price), for the average price. */
  gross_filled: Big;
  /** Held from the balance while the order is open (its `trading` part). */
  hold?: { asset: string; amount: Big };
  /**
   * The market price at this order's last crossing fill: a resting order fills again only when
   * the price moves while still crossing it, so one crossing fills part and a further move more.
   */
  last_cross_price?: Big;
  /** True once the order has had its taker chance when it opened (a marketable limit on arrival). */
  opened: boolean;
  created_at: number;
  modified_at: number;
  closed_at?: number;
  opens_at: number;
}

/** One fill of an order (List Executions). Amounts are exact; the view formats them. */
export interface Execution {
  /** uint64 as a decimal string, increasing in execution order. */
  execution_id: string;
  order_id: string;
  profile_id: string;
  executed_at: number;
  market: Market;
  side: OrderSide;
  amount: Big;
  price: Big;
  commission: Big;
  commission_asset: string;
  rebate: Big;
  rebate_asset: string;
  account_id?: string;
  /** amount × price, exact. */
  gross_trade_amount: Big;
}

/** A transfer record as answered, plus what happens when it settles. */
export interface TransferState {
  record: Record<string, unknown> & {
    id: string;
    status: string;
    created_at: string;
    updated_at: string;
  };
  completes_at: number;
  /** Credited to a profile when the record completes (credit sides). */
  credit?: { profile_id: string; asset: string; amount: Big };
  /** Given back to the sender when the record fails (debit sides). */
  refund?: { profile_id: string; asset: string; amount: Big };
  /**
   * Left PENDING by the service's staff (`PATCH /sandbox/transfers/{id}`): the clock does not
   * complete it; only a settle does.
   */
  held?: boolean;
}

export interface OrchestrationState {
  record: Record<string, unknown> & { id: string; status: string; created_at: string };
  processes_at: number;
  source_profile_id: string;
  destination_profile_id?: string;
  source_amount: Big;
}

export type RuleRecord = Record<string, unknown> & {
  id: string;
  status: string;
  created_at: string;
  profile_id: string;
};
export type DepositAddressRecord = Record<string, unknown> & {
  id: string;
  address: string;
  created_at: string;
  profile_id: string;
};

/** What a `ref_id` was first answered with, per kind of resource. */
export interface RefEntry {
  answered: unknown;
  order_id?: string;
}

export type RefKind = 'order' | 'transfer' | 'orchestration' | 'rule' | 'deposit-address';

/** The whole in-memory state of a sandbox. */
export interface SandboxState {
  customer_id: string;
  random: () => number;
  prices: PriceModel;
  timings: SandboxTimings;
  market: SandboxMarket;
  /** Each market's status side by side; every market is listed, AVAILABLE unless seeded. */
  market_status: Map<Market, MarketStatusState>;
  profiles: Map<string, Profile>;
  identities: Map<string, IdentityState>;
  accounts: Map<string, AccountState>;
  /** The identity that stands for the client itself (its own deposit instructions). */
  house_identity_id: string;
  fiat_accounts: Map<string, FiatAccountState>;
  deposit_instructions: Map<string, DepositInstructions>;
  orders: Map<string, OrderState>;
  executions: Execution[];
  /** The next execution id (uint64, kept below 2^53 so a number holds it exactly). */
  next_execution_id: number;
  transfers: Map<string, TransferState>;
  orchestrations: Map<string, OrchestrationState>;
  rules: Map<string, RuleRecord>;
  deposit_addresses: Map<string, DepositAddressRecord>;
  fee_quotes: Map<string, Record<string, unknown>>;
  /** The book of external crypto addresses that payouts go to. */
  destination_addresses: Map<string, DestinationAddressRecord>;
  transfer_limits: TransferLimitState[];
  /** Sends counted against the periodic limits, oldest first. */
  limit_uses: LimitUse[];
  /** The event log, in the order the changes happened. */
  events: EventState[];
  refs: Map<string, RefEntry>;
  /** Up to when the order simulation has run. */
  advanced_to: number;
}

export const refKey = (kind: RefKind, refId: string) => `${kind}:${refId}`;
