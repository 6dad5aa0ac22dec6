import type { JournalEntry } from '@console/schemas';

/** A journal entry as the BFF answers it (the contract's whole shape), with what a test sets. */
export function journalEntry(over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 'j-1',
    operation: 'cancelOrder',
    operator: 'fin',
    operator_name: 'Fin',
    ref_id: null,
    state: 'SUCCEEDED',
    method: 'DELETE',
    request_path: '/v2/profiles/p-1/orders/o-1',
    request_body: '',
    body_sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    attempts: 1,
    response_status: 200,
    response: {},
    error: null,
    request_id: 'req-1',
    created_at: '2026-11-22T02:00:00Z',
    updated_at: '2026-11-22T02:00:00Z',
    policy_version: null,
    ...over,
  };
}
