import { exampleInput, type ApprovalQueue } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { countingStatements } from '../../test/databases';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import type { ApprovalDeps } from './approval-deps';
import { approvalQueue } from './approval-view';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });

/** An app on a database whose statements are counted, with `waiting` transfers held by finance. */
async function queueWith(waiting: number) {
  const { db, seen } = countingStatements(await sharedDb());
  const h = await approvalApp({
    client: scriptedClient(echoSuccess).client,
    policy: unsignedDefaultPolicy(),
    db,
  });
  const made: string[] = [];
  for (let i = 0; i < waiting; i++) {
    const held = await h.submit('createInternalTransfer', transfer(`${10 + i}.00`));
    expect(held.status).toBe(202);
    made.push(held.journal.id);
  }
  /** The queue of `who`, and the statements it cost (its session already cached). */
  const read = async (who: keyof typeof h.cookies) => {
    await h.get('/api/session', h.cookies[who]);
    const before = seen.statements;
    const res = await h.get('/api/approvals', h.cookies[who]);
    expect(res.status).toBe(200);
    return { queue: (await res.json()) as ApprovalQueue, statements: seen.statements - before };
  };
  return { h, made, read };
}

describe('the approvals queue (issue 32, finding 7)', () => {
  it('answers a viewer at once, asking the database nothing', async () => {
    const { read } = await queueWith(3);
    expect(await read('viewer')).toEqual({ queue: { items: [], count: 0 }, statements: 0 });
  });

  it('costs the same few statements with 2 or 12 requests waiting', async () => {
    const few = await (await queueWith(2)).read('admin');
    const many = await (await queueWith(12)).read('admin');
    expect([few.queue.count, many.queue.count]).toEqual([2, 12]);
    expect(many.statements).toBe(few.statements);
    // The sweep of expired requests, the requests, their approvals, their events, and the
    // people the provider gave a role (who could still approve).
    expect(many.statements).toBeLessThanOrEqual(5);
  });

  it('holds only what this operator may decide: never the maker’s own, nor one they approved', async () => {
    const { h, made, read } = await queueWith(3);
    expect((await read('finance')).queue).toEqual({ items: [], count: 0 });
    expect((await h.approve(made[0]!, 'admin')).status).toBe(200);
    const second = await read('finance2');
    expect(second.queue.items.map((i) => i.journal.id).sort()).toEqual([made[1], made[2]].sort());
    expect(second.queue.items.every((i) => i.approval.can_decide)).toBe(true);
    // A support operator may decide no transfer under the built-in policy.
    expect((await read('support')).queue.count).toBe(0);
  });

  it('answers at most its limit, soonest to expire first, and counts them all', async () => {
    const { h, made, read } = await queueWith(0);
    for (let i = 0; i < 3; i++) {
      h.advance(60_000);
      made.push((await h.submit('createInternalTransfer', transfer(`${20 + i}.00`))).journal.id);
    }
    const { queue } = await read('admin');
    expect(queue.items.map((i) => i.journal.id)).toEqual(made);
    expect(queue.count).toBe(3);
    const admin = h.deps.directory.find('admin')!;
    const limited = await approvalQueue(h.deps as unknown as ApprovalDeps, admin, 2);
    expect(limited.items.map((i) => i.journal.id)).toEqual(made.slice(0, 2));
    expect(limited.count).toBe(3);
  });
});
