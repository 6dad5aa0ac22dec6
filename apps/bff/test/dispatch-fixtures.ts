/**
 * The journal entries and the service's answers the dispatch tests send and classify: one of each
 * kind of write (a transfer, an order, a cancel, a rule) and answers shaped as the service gives
 * them.
 */
import type { JournalEntry } from '@console/schemas';
import type { NewJournalEntry } from '../src/journal/journal-store';
import type { UpstreamOutcome } from '../src/upstream/client';

export const TIMEOUT_MS = 4_000;

export const TRANSFER_BODY = {
  from_profile_id: 'p-1',
  to_profile_id: 'p-2',
  amount: '1.50',
  asset: 'USD',
  ref_id: 'ref-1',
};
export const transferEntry: NewJournalEntry = {
  operation: 'createInternalTransfer',
  operator: 'finance',
  operator_name: 'Fin',
  ref_id: 'ref-1',
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: JSON.stringify(TRANSFER_BODY),
  request_id: 'req-1',
};
/** The transfer as the service holds it: the same intent, written its own way. */
export const TRANSFER_RECORD = {
  id: 't-1',
  from_profile_id: 'p-1',
  to_profile_id: 'p-2',
  amount: '1.5',
  asset: 'USD',
  ref_id: 'ref-1',
  status: 'COMPLETED',
};

export const ORDER_BODY = { side: 'BUY', market: 'BTCUSD', type: 'MARKET', quote_amount: '100.00' };
export const orderEntry = (body: object = ORDER_BODY, profile = 'p-9'): NewJournalEntry => ({
  operation: 'createOrder',
  operator: 'finance',
  operator_name: 'Fin',
  ref_id: 'o-1',
  method: 'POST',
  request_path: `/v2/profiles/${profile}/orders`,
  request_body: JSON.stringify({ ...body, ref_id: 'o-1' }),
  request_id: 'req-1',
});
export const cancelEntry: NewJournalEntry = {
  operation: 'cancelOrder',
  operator: 'finance',
  operator_name: 'Fin',
  ref_id: null,
  method: 'DELETE',
  request_path: '/v2/profiles/p-9/orders/o-7',
  request_body: '',
  request_id: 'req-1',
};
/** An operation the service offers no read for: only a resend can settle it. */
export const ruleEntry: NewJournalEntry = {
  operation: 'createOrchestrationRule',
  operator: 'admin',
  operator_name: 'Adm',
  ref_id: 'rule-ref',
  method: 'POST',
  request_path: '/v2/orchestration/rules',
  request_body: JSON.stringify({ ref_id: 'rule-ref', name: 'sweep' }),
  request_id: 'req-1',
};

/** An entry as classify sees it; classify reads only the stored request. */
export const stored = (entry: NewJournalEntry): JournalEntry => ({
  ...entry,
  policy_version: entry.policy_version ?? null,
  id: 'e-1',
  state: 'SENDING',
  body_sha256: '',
  attempts: 0,
  response_status: null,
  response: null,
  error: null,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
});

export const answered = (
  status: number,
  body: unknown,
  attempts = 1,
  text = JSON.stringify(body),
): UpstreamOutcome => ({ kind: 'answered', status, body, text, attempts, retried: attempts > 1 });

export const alreadyExists = (existing: unknown, attempts = 2): UpstreamOutcome =>
  answered(
    409,
    {
      type: 'https://docs.example/problems/already-exists',
      title: 'Already exists',
      status: 409,
      meta: { existing },
    },
    attempts,
  );
