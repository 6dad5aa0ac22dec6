import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDb, TEST_SCRYPT } from '../../test/harness';
import { addressOf, notifyApp } from '../../test/notify-harness';
import { hashPassword } from '../operators/password';
import { createPolicyStore } from '../policy/policy-store';

beforeAll(() => sharedDb());

describe('a new version of the approval policy, told to the admins', () => {
  it('reaches every admin but its maker by email and the room by a post, as any request waiting for them', async () => {
    const admin2 = {
      username: 'admin2',
      display_name: 'Second Admin',
      role: 'admin' as const,
      password_hash: await hashPassword('admin2-pass-1', TEST_SCRYPT),
    };
    const n = await notifyApp({ more: [admin2] });
    try {
      const store = createPolicyStore(n.db);
      const base = (await store.seed({ operations: {} }, 'built-in', new Date())).version;
      const res = await n.post('/api/policy/versions', n.cookies.admin, {
        document: { max_wait_hours: 4 },
        based_on: base,
        reason: 'Requests should not wait a whole day',
      });
      expect(res.status).toBe(202);
      await n.settle();
      expect(n.smtp.received.flatMap((m) => m.to)).toEqual([addressOf('admin2')]);
      expect(n.smtp.received[0]!.subject).toBe('Approval needed: New approval policy version');
      // What it changes, in words and judged, as the approval page lists it (issue 66).
      expect(n.smtp.received[0]!.text).toMatch(
        /^What it changes of the version in force.*, looser first \(0 of 1 looser\):\n- A held request waits at most: 24 h → 4 h, stricter$/m,
      );
      expect(n.hook.received).toHaveLength(1);
      expect(n.hook.received[0]!.json.text).toMatch(/^For: Second Admin$/m);
    } finally {
      await n.close();
    }
  });
});
