import type { OrchestrationState } from './store';

/**
 * An orchestration as Get and List Orchestrations answer it: the fiat destination names the
 * account `bank_account_id` and the fiat source's memo is `memo` (svc-api.md appendix), where the
 * request and the Create answer use the main document's shapes.
 */
export function orchestrationView(o: OrchestrationState): Record<string, unknown> {
  const record = structuredClone(o.record);
  const source = record.source as { fiat?: Record<string, unknown> } | undefined;
  if (source?.fiat) {
    const { deposit_instructions_id, memo_id } = source.fiat;
    source.fiat = {
      ...(deposit_instructions_id !== undefined ? { deposit_instructions_id } : {}),
      ...(memo_id !== undefined ? { memo: memo_id } : {}),
    };
  }
  const destination = record.destination as { fiat?: Record<string, unknown> } | undefined;
  if (destination?.fiat) {
    const { fiat_account_id, memo } = destination.fiat;
    destination.fiat = {
      bank_account_id: fiat_account_id,
      ...(memo !== undefined ? { memo } : {}),
    };
  }
  return record;
}
