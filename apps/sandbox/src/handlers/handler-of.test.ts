import { operations, type OperationId } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { handlerOf } from './handler-of';

describe('handlerOf', () => {
  it.each(Object.keys(operations) as OperationId[])(
    'finds the handler of %s by its id',
    async (id) => {
      const handler = await handlerOf(id);
      expect(handler).toHaveProperty('handle');
      expect(await handlerOf(id)).toBe(handler);
    },
  );

  it('finds how Update Fiat Account prepares its body, and no preparation elsewhere', async () => {
    const update = await handlerOf('updateFiatAccount');
    expect('handle' in update && update.prepareBody?.({ a: null, b: '', c: 'x' })).toEqual({
      c: 'x',
    });
    const order = await handlerOf('createOrder');
    expect('handle' in order && order.prepareBody).toBeUndefined();
  });

  it('says why an operation has no handler', async () => {
    expect(await handlerOf('noSuchOperation' as OperationId)).toEqual({
      missing: expect.stringMatching(/^handlers\/no-such-operation\.ts could not be loaded \(/),
    });
  });
});
