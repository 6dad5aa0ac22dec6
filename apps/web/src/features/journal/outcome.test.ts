import type { JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { journalEntry } from '@/test/fixtures';
import { mayCloneNow } from './outcome';

// A clone carries a fresh reference id: offered while the console itself may still send the
// original, the service would carry out both.
describe('mayCloneNow', () => {
  it.each<[string, Partial<JournalEntry>, boolean]>([
    ['in flight', { state: 'SENDING' }, false],
    ['approved, about to be sent', { state: 'APPROVED' }, false],
    [
      'unknown, sent again by the console with its reference id',
      { state: 'UNKNOWN', resolution: { next_look_at: null, may_resend: true } },
      false,
    ],
    ['unknown, with no resolution said', { state: 'UNKNOWN' }, false],
    [
      'unknown, never sent again by the console (no reference id)',
      { state: 'UNKNOWN', resolution: { next_look_at: null, may_resend: false } },
      true,
    ],
    ['succeeded', { state: 'SUCCEEDED' }, true],
    ['refused', { state: 'REJECTED' }, true],
    ['waiting for approval', { state: 'AWAITING_APPROVAL' }, true],
  ])('%s', (_, over, expected) => {
    expect(mayCloneNow(journalEntry(over))).toBe(expected);
  });
});
