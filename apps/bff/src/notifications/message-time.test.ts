import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time';

describe('a time as a message says it', () => {
  it.each([
    ['2026-11-26T09:00:00.123Z', null, '2026-11-26 09:00:00 UTC'],
    ['2026-11-26T09:00:00Z', undefined, '2026-11-26 09:00:00 UTC'],
    ['2026-11-26T09:00:00.999Z', 'Europe/London', '2026-11-26 09:00:00 GMT (Europe/London)'],
    ['2026-07-01T09:00:00Z', 'Europe/London', '2026-07-01 10:00:00 BST (Europe/London)'],
    ['2026-11-26T23:30:00Z', 'Asia/Singapore', '2026-11-27 07:30:00 GMT+8 (Asia/Singapore)'],
    ['not a time', null, 'not a time'],
  ])('%s in %s → %s', (iso, zone, expected) => {
    expect(messageTime(iso, zone)).toBe(expected);
  });
});
