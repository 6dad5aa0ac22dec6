import type { JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { summarize } from './request-summary';

/** A journal entry as the journal holds it; only what a summary reads matters here. */
function entry(operation: string, body: Record<string, unknown>): JournalEntry {
  return {
    id: 'j-1',
    operation,
    operator: 'fiona',
    operator_name: 'Fiona',
    ref_id: null,
    state: 'AWAITING_APPROVAL',
    method: 'POST',
    request_path: '/console/destinations',
    request_body: JSON.stringify(body),
    body_sha256: '',
    attempts: 0,
    response_status: null,
    response: null,
    error: null,
    request_id: 'r-1',
    created_at: '2026-11-26T09:00:00Z',
    updated_at: '2026-11-26T09:00:00Z',
    policy_version: null,
  };
}

describe('a request summed up for a message', () => {
  it('names a console action by its title, as it names a write', () => {
    const proposal = entry('addAllowedDestination', {
      id: '6f1c2b3d-4e01-4f0e-9a51-6a1c2b3d4e01',
      target: { kind: 'own-profile', profile_id: 'p-1' },
      name: 'Treasury',
      reason: 'Rebalancing',
    });
    expect(summarize(proposal, 'finance').operation).toBe('Add allowed destination');
    expect(
      summarize(entry('createInternalTransfer', { amount: '5', asset: 'USD' }), 'finance')
        .operation,
    ).toBe('Create internal transfer');
  });
});
