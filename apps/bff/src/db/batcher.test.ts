import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

/** A batcher over a fake statement that records each batch and waits until told. */
function recorded(options: { fail?: (items: number[]) => unknown } = {}) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const batcher = createBatcher<number, string>({
    async run(items) {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const failure = options.fail?.(items);
      if (failure) throw failure;
      return items.map((n) => `row ${n}`);
    },
    async alone(item) {
      alone.push(item);
      if (item === 13) throw Object.assign(new Error('unlucky'), { code: '23505' });
      return `alone ${item}`;
    },
  });
  return { batcher, batches, alone };
}

describe('a batcher', () => {
  it('writes what arrives in one turn together, and what arrives while it writes after it', async () => {
    const { batcher, batches } = recorded();
    const first = [1, 2, 3].map((n) => batcher.add(n));
    // Once the first batch is being written, the next items wait for it.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [4, 5].map((n) => batcher.add(n));
    const answers = await Promise.all([...first, ...later]);
    expect(answers).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('writes an item alone when nothing else came in its turn', async () => {
    const { batcher, batches } = recorded();
    expect(await batcher.add(7)).toBe('row 7');
    expect(batches).toEqual([[7]]);
  });

  it("writes each item alone after a batch failed on one row's constraint; that error is its caller's alone", async () => {
    const rowError = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { batcher, alone } = recorded({ fail: (items) => items.length > 1 && rowError });
    const settled = await Promise.allSettled([12, 13, 14].map((n) => batcher.add(n)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([
      'alone 12',
      'failed',
      'alone 14',
    ]);
    expect(alone).toEqual([12, 13, 14]);
  });

  it('writes each item alone after a batch was chosen as a deadlock victim', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const { batcher, alone } = recorded({ fail: (items) => items.length > 1 && deadlock });
    const answers = await Promise.all([21, 22].map((n) => batcher.add(n)));
    expect(answers).toEqual(['alone 21', 'alone 22']);
    expect(alone).toEqual([21, 22]);
  });

  it('fails every caller of a batch that failed otherwise (a timeout), trying none again', async () => {
    const timeout = Object.assign(new Error('canceling statement'), { code: '57014' });
    const { batcher, alone } = recorded({ fail: () => timeout });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(settled.every((s) => s.status === 'rejected' && s.reason === timeout)).toBe(true);
    expect(alone).toEqual([]);
  });

  it.each([
    ['an error without a code', new Error('connection lost')],
    ['an error whose code is not SQLSTATE text', Object.assign(new Error('odd'), { code: 23505 })],
    ['a thrown null', null],
  ])('fails every caller after %s, trying none alone', async (_, failure) => {
    const alone: number[] = [];
    const batcher = createBatcher<number, number>({
      run: () => Promise.reject(failure as Error),
      async alone(item) {
        alone.push(item);
        return item;
      },
    });
    const settled = await Promise.allSettled([1, 2].map((n) => batcher.add(n)));
    expect(settled).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(alone).toEqual([]);
  });

  it('writes no more batches at once than its concurrency, never an empty one', async () => {
    const started: number[][] = [];
    const finish: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const batcher = createBatcher<number, number>({
      concurrency: 2,
      maxBatch: 2,
      async run(items) {
        started.push(items);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => finish.push(resolve));
        inFlight -= 1;
        return items;
      },
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const all = Promise.all(Array.from({ length: 6 }, (_, n) => batcher.add(n)));
    await turn();
    expect(started).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // One ends: the third starts in its place.
    finish.shift()!();
    await turn();
    await turn();
    expect(started).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    while (finish.length > 0) finish.shift()!();
    expect(await all).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    // A lone item with a free slot beside it: one batch of one, not a second, empty one.
    const lone = batcher.add(9);
    await turn();
    finish.shift()!();
    expect(await lone).toBe(9);
    expect(started.at(-1)).toEqual([9]);
    expect(started.every((batch) => batch.length > 0)).toBe(true);
  });

  it('refuses a statement that answered another number of rows than items', async () => {
    const batcher = createBatcher<number, number>({ run: async () => [] });
    await expect(batcher.add(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });

  it('takes at most maxBatch items in one statement', async () => {
    const sizes: number[] = [];
    const batcher = createBatcher<number, number>({
      maxBatch: 3,
      async run(items) {
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return items;
      },
    });
    await Promise.all(Array.from({ length: 8 }, (_, n) => batcher.add(n)));
    expect(sizes).toEqual([3, 3, 2]);
  });
});
