import { describe, expect, it } from 'vitest';
import { notificationKindsFor, type NotificationKind } from './notifications-api';
import type { Role } from './primitives/roles';

const SENDS: NotificationKind[] = ['held', 'reminder', 'approved', 'rejected', 'expired'];
const OUTCOMES: NotificationKind[] = ['unknown', 'refused'];

describe('the kinds each role can receive', () => {
  it.each<[Role, NotificationKind[]]>([
    ['admin', [...SENDS, ...OUTCOMES, 'unsettled', 'batch-ended', 'audit-broken']],
    ['finance', [...SENDS, ...OUTCOMES, 'batch-ended']],
    // Support sends fiat account changes, never a batch.
    ['support', [...SENDS, ...OUTCOMES]],
    ['viewer', []],
    ['auditor', []],
  ])('%s', (role, kinds) => {
    expect(notificationKindsFor(role).sort()).toEqual([...kinds].sort());
  });
});
