import { describe, expect, it } from 'vitest';
import { notificationKindsFor, type NotificationKind } from './notifications-api';
import type { Role } from './primitives/roles';

const SENDS: NotificationKind[] = ['held', 'reminder', 'approved', 'rejected', 'expired'];
const OUTCOMES: NotificationKind[] = ['unknown', 'refused'];

describe('the kinds each role can receive', () => {
  it.each<[Role, NotificationKind[]]>([
    ['admin', [...SENDS, ...OUTCOMES, 'unsettled', 'batch-ended', 'audit-broken', 'schedule']],
    ['finance', [...SENDS, ...OUTCOMES, 'batch-ended', 'schedule']],
    // Support sends fiat account changes, never a batch or a schedule.
    ['support', [...SENDS, ...OUTCOMES]],
    ['viewer', []],
    ['auditor', []],
  ])('%s', (role, kinds) => {
    expect(notificationKindsFor(role).sort()).toEqual([...kinds].sort());
  });
});
