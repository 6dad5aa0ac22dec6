/*
 * The service's closed lists of events (appendix B): their types, the objects they carry, and the
 * statuses and transfers they report.
 */

/** The event types of appendix B; the service may add others, which the console shows as they come. */
export const EVENT_TYPES = [
  'identity.approved',
  'identity.denied',
  'identity.disabled',
  'identity.documents_required',
  'identity.kyc_refresh.started',
  'identity.kyc_refresh.completed',
  'identity.kyc_refresh.expired',
  'orchestration.pending_approval',
  'orchestration.processing',
  'orchestration.completed',
  'orchestration.failed',
  'transfer.crypto_deposit.pending',
  'transfer.crypto_deposit.completed',
  'transfer.crypto_deposit.failed',
  'transfer.crypto_withdrawal.pending',
  'transfer.crypto_withdrawal.completed',
  'transfer.crypto_withdrawal.failed',
  'transfer.act_deposit.pending',
  'transfer.act_deposit.completed',
  'transfer.act_deposit.failed',
  'transfer.act_withdrawal.pending',
  'transfer.act_withdrawal.completed',
  'transfer.act_withdrawal.failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_OBJECT_TYPES = [
  'identity_summary_status_change',
  'identity_required_documents',
  'identity_kyc_refresh',
  'orchestration_status_change',
  'transfer_status_change',
] as const;
export type EventObjectType = (typeof EVENT_OBJECT_TYPES)[number];

/** The statuses an orchestration event reports (PENDING_APPROVAL where Get says PENDING). */
export const ORCHESTRATION_EVENT_STATUSES = [
  'PENDING_APPROVAL',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
] as const;
/** The transfers that raise events: crypto and ACT deposits and withdrawals. */
export const EVENT_TRANSFER_TYPES = [
  'CRYPTO_DEPOSIT',
  'CRYPTO_WITHDRAWAL',
  'ACT_DEPOSIT',
  'ACT_WITHDRAWAL',
] as const;
