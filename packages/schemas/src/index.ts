export * from './primitives/assets';
export * from './primitives/decimal';
export * from './primitives/enums';
export * from './primitives/event-enums';
export * from './primitives/identity-enums';
export * from './primitives/trading-enums';
export * from './primitives/zoned-time';
export * from './primitives/transfer-enums';
export * from './primitives/format-amount';
export * from './primitives/field-meta';
export * from './primitives/identifier';
export * from './primitives/is-record';
export * from './primitives/metadata';
export * from './primitives/normalize-decimal';
export * from './primitives/query';
export * from './primitives/record-changes';
export * from './primitives/roles';
export * from './resources/account';
export * from './resources/crypto-destination-address';
export * from './resources/crypto-withdrawal-fee';
export * from './resources/deposit-address';
export * from './resources/event';
export * from './resources/execution';
export * from './resources/fiat-account';
export * from './resources/fiat-deposit-instructions';
export * from './resources/identity';
export * from './resources/list';
export * from './resources/market';
export * from './resources/orchestration';
export * from './resources/orchestration-endpoints';
export * from './resources/orchestration-rule';
export * from './resources/order';
export * from './resources/profile';
export * from './resources/transfer';
export * from './resources/transfer-limit';
export {
  AWAIT_FILL_MAX_MILLIS,
  GTT_MIN_LEAD_MILLIS,
  ORDER_AMOUNT_FIELDS,
  TIME_IN_FORCE_TABLE,
  orderAmountFields,
  type OrderAmountField,
} from './operations/create-order';
export type {
  OperationRules,
  Report,
  WriteMethod,
  WriteOperation,
} from './operations/define-operation';
export type { ReadOperation, ReadRequest } from './operations/define-read';
export * from './operations/operation-meta';
export { LIMIT_PRICE_BAND, MIN_BASE_AMOUNT, MIN_QUOTE_AMOUNT } from './operations/order-limits';
export * from './registry';
export * from './endpoints';
export * from './errors';
export * from './fixtures';
export * from './problem';
export * from './console-api';
export * from './approvals-api';
export * from './console-actions';
export * from './destinations-api';
export * from './policy-api';
export * from './limits-api';
export * from './security-api';
export * from './audit-api';
export * from './canonical-json';
export * from './passkeys-api';
export * from './csv';
export * from './journal-facts';
export * from './work-queue-api';
export * from './fee-estimate';
export * from './fee-outcome';
export * from './personal-fields';
export * from './notifications-api';
export * from './live-api';
export * from './reconcile-api';
export * from './insights';
export * from './reconcile-statements';
export * from './batch-states';
export * from './batch-file';
export * from './batch-check-api';
export * from './batch-repeats';
export * from './batch-api';
export * from './batch-fields';
export * from './registry-walk';
export * from './sign-in-api';
export * from './api-contract';
export { HealthSchema, LiveSchema, type Health } from './api-contract-access';
export { ReadAnswerSchema, ReadQuerySchema, type ReadAnswer } from './api-contract-sends';
export type { ApiRoute } from './api-route-spec';
export * from './api-check';
export * from './policy/policy-document';
export * from './policy/policy-engine';
export * from './policy/policy-words';
export * from './policy/policy-lint';
export * from './policy/policy-diff';
export * from './policy/policy-loosening';
export * from './policy/policy-change-table';
export * from './policy/policy-change-list';
export * from './policy/policy-book';
export * from './policy/policy-decision';
export * from './schedules';
export * from './schedule-occurrences';
export * from './schedule-api';
