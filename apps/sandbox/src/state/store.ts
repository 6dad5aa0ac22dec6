import type Big from 'big.js';
import type { Market, OrderSide, OrderType, TimeInForce } from '@console/schemas';
import type { PriceModel } from './prices';

/** A balance of one asset: `reserved` is held by resting orders and is not available. */
export interface Balance {
  total: Big;
  reserved: Big;
}

export interface Profile {
  id: string;
  customer_id: string;
  nickname: string;
  balances: Map<string, Balance>;
}

export interface Identity {
  id: string;
  /** Accounts this identity may act (and trade) for. */
  account_ids: string[];
}

export interface FiatAccountState {
  id: string;
  profile_id: string;
  /** The record as the service answers it. */
  record: Record<string, unknown>;
  /** When a PENDING update settles, and how. */
  settles_at?: number;
  settles_to?: 'APPROVED' | 'REJECTED';
}

export interface DepositInstructions {
  id: string;
  profile_id: string;
  asset: string;
  network: string;
}

export interface OrderState {
  id: string;
  profile_id: string;
  customer_id: string;
  ref_id?: string;
  status: 'SUBMITTED' | 'OPEN' | 'FILLED' | 'CANCELLED' | 'REJECTED';
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
  /** Quote spent (buy) or received (sell) so far, for the average price. */
  quote_filled: Big;
  /** Asset and amount held from the balance while the order rests. */
  reserved?: { asset: string; amount: Big };
  created_at: number;
  modified_at: number;
  closed_at?: number;
  opens_at: number;
}

/** A transfer record as answered, plus what happens when it settles. */
export interface TransferState {
  record: Record<string, unknown> & { id: string; status: string };
  completes_at: number;
  /** Credited to a profile when the record completes (credit sides). */
  credit?: { profile_id: string; asset: string; amount: Big };
}

export interface OrchestrationState {
  record: Record<string, unknown> & { id: string; status: string };
  processes_at: number;
  source_profile_id: string;
  destination_profile_id?: string;
  source_amount: Big;
  source_transfer_id: string;
  destination_transfer_id: string;
}

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
  profiles: Map<string, Profile>;
  identities: Map<string, Identity>;
  accounts: Set<string>;
  fiat_accounts: Map<string, FiatAccountState>;
  deposit_instructions: Map<string, DepositInstructions>;
  orders: Map<string, OrderState>;
  transfers: Map<string, TransferState>;
  orchestrations: Map<string, OrchestrationState>;
  rules: Map<string, Record<string, unknown> & { id: string; status: string }>;
  deposit_addresses: Map<string, Record<string, unknown> & { id: string; address: string }>;
  fee_quotes: Map<string, Record<string, unknown>>;
  refs: Map<string, RefEntry>;
  /** Up to when the order simulation has run. */
  advanced_to: number;
}

export const refKey = (kind: RefKind, refId: string) => `${kind}:${refId}`;
