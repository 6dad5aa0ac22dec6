import type Big from 'big.js';
import type {
  CryptoDestinationAddressStatus,
  CryptoNetwork,
  EventObjectType,
  EventType,
  IdentityControlReasonCode,
  IdentityControlSetBy,
  IdentityControlType,
  IdentityRequirementActor,
  IdentityRequirementStatus,
  IdentityRequirementType,
  IdentityStatus,
  MarketStatusReason,
  MarketTradingStatus,
} from '@console/schemas';

/*
 * The records of appendix B that the state holds (identities and accounts, the destination
 * address book, transfer limits, the event log), apart from the modules that act on them, so
 * that the state's type and those modules import each other in one direction only.
 */

/** An active control on an identity (appendix B, IdentityControl). Times in Unix ms. */
export interface Control {
  id: string;
  type: IdentityControlType;
  set_by: IdentityControlSetBy;
  is_overridable: boolean;
  reason_code?: IdentityControlReasonCode;
  /** Free text from whoever set it. */
  reason?: string;
  created_at: number;
}

/** What an identity still needs before approval (appendix B, IdentityRequirement). */
export interface Requirement {
  type: IdentityRequirementType;
  errors: { code: string; description?: string }[];
  status: IdentityRequirementStatus;
  /** Absent for MEMBERS, where each member identity carries its own. */
  awaiting_action_from?: IdentityRequirementActor;
}

/** Whether a market takes orders, side by side (appendix B, List Markets). Times in Unix ms. */
export interface MarketStatusState {
  buy_status: MarketTradingStatus;
  sell_status: MarketTradingStatus;
  buy_reason: MarketStatusReason;
  sell_reason: MarketStatusReason;
  updated_at: number;
  scheduled_maintenance: { starts_at: number; ends_at: number; recurrence?: string }[];
}

/** A person or institution the client acts for (appendix B, Identity). Times in Unix ms. */
export interface IdentityState {
  id: string;
  type: 'PERSON' | 'INSTITUTION';
  summary_status: IdentityStatus;
  controls: Control[];
  /** What is still needed for approval. */
  requirements: Requirement[];
  /** Numbers the controls set on it, so that their ids draw nothing random. */
  next_control: number;
  person_details?: Record<string, unknown>;
  institution_details?: Record<string, unknown>;
  institution_members?: { identity_id: string; roles: string[] }[];
  ref_id?: string;
  metadata: Record<string, string>;
  created_at: number;
  updated_at: number;
}

/** An account: one primary identity, further members with access, perhaps a profile of its own. */
export interface AccountState {
  id: string;
  identity_id?: string;
  type: string;
  description?: string;
  summary_status: IdentityStatus;
  profile_id?: string;
  members: { id: string; identity_id: string; roles: string[] }[];
  ref_id?: string;
  metadata: Record<string, string>;
  created_at: number;
  updated_at: number;
}

/** An address of the book of external crypto addresses that payouts go to, as answered. */
export interface DestinationAddressRecord {
  id: string;
  crypto_network: CryptoNetwork;
  address: string;
  /** The identity it is scoped to; absent for the client's own addresses. */
  identity_id?: string;
  nickname: string;
  status: CryptoDestinationAddressStatus;
  bookmarked: boolean;
  created_at: string;
}

/**
 * A limit on what transfers of some types may move, in USD: per transaction (`period_seconds`
 * 0, no id) or over a rolling period (what was moved in the last `period_seconds` counts).
 */
export interface TransferLimitState {
  id?: string;
  rule_id: string;
  /** Alphabetical, as the service lists them. */
  transfer_types: string[];
  period_seconds: number;
  limit: Big;
  limit_asset: 'USD';
}

/** What one accepted send moved, in USD, for the periodic limits of its type. */
export interface LimitUse {
  transfer_type: string;
  usd: Big;
  at: number;
}

/** An event as List Events and Get Event answer it. */
export interface EventRecord {
  id: string;
  type: EventType;
  object_type: EventObjectType;
  object: Record<string, unknown>;
  created_at: string;
  /** The sandbox delivers no webhooks: none is ever outstanding. */
  undelivered_webhooks: number;
}

/**
 * An event of the log, with its place in it: events made at the same instant (a deposit and the
 * orchestration its rule makes) keep the order they happened in, which their random ids would not.
 */
export interface EventState {
  seq: number;
  record: EventRecord;
}
