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
  it('writes an item at once when idle, and what arrives meanwhile together after it', async () => {
    const { batcher, batches } = recorded();
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batcher.add(n)));
    expect(answers).toEqual(['row 1', 'row 2', 'row 3', 'row 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("writes each item alone after a batch failed on one row's constraint; that error is its caller's alone", async () => {
    const rowError = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { batcher, alone } = recorded({ fail: (items) => items.length > 1 && rowError });
    const first = batcher.add(1);
    const rest = [12, 13, 14].map((n) => batcher.add(n));
    expect(await first).toBe('row 1');
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([
      'alone 12',
      'failed',
      'alone 14',
    ]);
    expect(alone).toEqual([12, 13, 14]);
  });

  it('fails every caller of a batch that failed otherwise (a timeout), trying none again', async () => {
    const timeout = Object.assign(new Error('canceling statement'), { code: '57014' });
    const { batcher, alone } = recorded({ fail: () => timeout });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(settled.every((s) => s.status === 'rejected' && s.reason === timeout)).toBe(true);
    expect(alone).toEqual([]);
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
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
