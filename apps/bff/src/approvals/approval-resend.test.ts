import type { Operator } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedTransfer } from '../../test/approvals-test-kit';
import { echoSuccess, logCollector, sharedDb } from '../../test/harness';
import { createResolver, resolverBackoff } from '../send/resolver';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { mayResend, sendApproved } from './approval-send';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const HOUR = 3_600_000;
const ADMIN: Operator = { username: 'admin', display_name: 'Test admin', role: 'admin' };

/**
 * The service of an approved transfer whose first answer was lost: a read finds nothing of it
 * (the list by ref_id is empty), the first POST gets no answer, a later one creates it.
 */
function lostFirstAnswer() {
  let posts = 0;
  return (request: SendRequest): UpstreamOutcome => {
    if (request.method === 'GET') {
      return { kind: 'answered', status: 200, body: { items: [] }, attempts: 1, retried: false };
    }
    posts += 1;
    return posts === 1
      ? { kind: 'no-answer', error: 'timeout', attempts: 1 }
      : echoSuccess(request);
  };
}

/** An approved transfer sent once, whose outcome is UNKNOWN, and the resolver of a clock. */
async function unknownAfterApproval() {
  const t = await approvedTransfer({ answer: lostFirstAnswer() });
  const first = await sendApproved(t.depsAt(t.start), t.entry, t.request, {
    operator: ADMIN,
    requestId: 'r-first',
  });
  expect(first.kind === 'sent' && first.result.entry.state).toBe('UNKNOWN');
  const posts = () => t.scripted.requests.filter((r) => r.method === 'POST').length;
  const lookAt = (now: number) =>
    createResolver(
      { journal: t.h.deps.journal, client: t.scripted.client, timeoutMs: 1_000 },
      {
        intervalMs: 60_000,
        backoff: resolverBackoff(1),
        logger: logCollector().logger,
        mayResend: (entry, requestId) => mayResend(t.depsAt(now), entry, requestId),
      },
    ).lookNow();
  return { ...t, posts, lookAt };
}

describe('the console settling an approved entry by itself (issue 32, finding 4)', () => {
  it('never sends it again once its approval has run out: it stays UNKNOWN, saying why', async () => {
    const t = await unknownAfterApproval();
    const [report] = await t.lookAt(t.start + 25 * HOUR);
    expect(t.posts()).toBe(1);
    expect(report?.entry.state).toBe('UNKNOWN');
    expect(report?.entry.error).toBe(
      `read back: the record shows nothing of it; not sent again: the approval was valid until ${t.request.expires_at}`,
    );
    expect((await t.events()).map((e) => e.kind)).not.toContain('resent');
    expect(await t.h.deps.journal.history.list(t.id)).toEqual([]);
  });

  it('never sends it again when its approvals no longer count (the approver was removed)', async () => {
    const t = await unknownAfterApproval();
    t.h.removeUser('finance2');
    const [report] = await t.lookAt(t.start + HOUR);
    expect(t.posts()).toBe(1);
    expect(report?.entry.error).toMatch(
      /not sent again: only 0 of 1 approvals count now \(finance2 is no longer an operator\)$/,
    );
  });

  it('sends it again within its approval, once, with the console as actor in both histories', async () => {
    const t = await unknownAfterApproval();
    const [report] = await t.lookAt(t.start + HOUR);
    expect(t.posts()).toBe(2);
    expect(report?.entry.state).toBe('SUCCEEDED');
    expect((await t.events()).at(-1)).toEqual({
      kind: 'resent',
      actor: null,
      detail: 'sent again by the console to settle an unknown outcome',
    });
    expect(
      (await t.h.deps.journal.history.list(t.id)).map(({ kind, actor, detail }) => ({
        kind,
        actor,
        detail,
      })),
    ).toEqual([
      { kind: 'resent', actor: null, detail: 'read back: the record shows nothing of it' },
    ]);
  });

  it('asks nothing of an entry that never needed approval', async () => {
    const t = await unknownAfterApproval();
    await t.h.db.query('delete from approval_requests where journal_id = $1', [t.id]);
    expect(await mayResend(t.depsAt(t.start + 25 * HOUR), t.entry, 'r')).toBeNull();
  });
});
