import type { JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { tokensUsed } from './used-tokens';

const P = '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e02';
const entry = (body: Record<string, unknown>, over: Partial<JournalEntry> = {}): JournalEntry =>
  ({
    id: 'j',
    operation: 'createOrder',
    state: 'SUCCEEDED',
    request_path: `/v2/profiles/${P}/orders`,
    request_body: JSON.stringify(body),
    created_at: '2026-01-01T10:00:00Z',
    ...over,
  }) as JournalEntry;

describe('the self-match tokens a profile has used', () => {
  it('are the tokens of its accepted orders, most recent first, counted', () => {
    const used = tokensUsed(
      [
        entry({ self_match_prevention_id: 'desk-1' }),
        entry({ self_match_prevention_id: 'desk-2' }, { created_at: '2026-01-02T10:00:00Z' }),
        entry({ self_match_prevention_id: 'desk-1' }, { created_at: '2026-01-03T10:00:00Z' }),
        entry({}),
      ],
      P,
    );
    expect(used).toEqual([
      { token: 'desk-1', orders: 2, lastUsed: '2026-01-03T10:00:00Z' },
      { token: 'desk-2', orders: 1, lastUsed: '2026-01-02T10:00:00Z' },
    ]);
  });

  it('leave out other profiles, refused sends and unreadable bodies', () => {
    expect(
      tokensUsed(
        [
          entry({ self_match_prevention_id: 'other' }, { request_path: '/v2/profiles/x/orders' }),
          entry({ self_match_prevention_id: 'refused' }, { state: 'REJECTED' }),
          entry({}, { request_body: '{not json' }),
          entry({ self_match_prevention_id: 'transfer' }, { operation: 'createInternalTransfer' }),
        ],
        P,
      ),
    ).toEqual([]);
  });
});
