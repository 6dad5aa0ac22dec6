import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_IDS,
  READ_OPERATION_IDS,
  exampleInput,
  operations,
  requiredQuery,
} from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

/* The order of every list, as its entry gives it from the appendix, and List Orders' deprecated offset. */
const P = DEMO_IDS.profiles;
type Item = Record<string, unknown>;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
  // A second rule, so that the list of rules has an order to keep.
  await sbx.call('createOrchestrationRule', exampleInput('createOrchestrationRule'));
});
afterAll(() => sbx.close());

/** The records of a page, under the member its list's registry entry names. */
async function items(path: string): Promise<Item[]> {
  const res = await sbx.send('GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { pathname } = new URL(path, 'http://x');
  const read = READ_OPERATION_IDS.find((id) =>
    new RegExp(`^${operations[id].path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname),
  );
  return res.body[(read && operations[read].list?.member) ?? 'items'] as Item[];
}

describe('order and defaults', () => {
  const times = (list: Item[], key = 'created_at') => list.map((r) => r[key] as string);
  const sorted = (values: string[], order: 'ASC' | 'DESC') =>
    [...values].sort((a, b) => (order === 'ASC' ? a.localeCompare(b) : b.localeCompare(a)));

  /* Every list whose records carry their creation time: its entry's default order, and the other. */
  const byCreation = READ_OPERATION_IDS.filter((id) => {
    const shape = (operations[id].item as { shape?: Record<string, unknown> } | undefined)?.shape;
    return operations[id].list && shape && 'created_at' in shape;
  });
  it.each(
    byCreation.flatMap((id) => {
      const { defaultOrder } = operations[id].list!;
      const other = defaultOrder === 'ASC' ? 'DESC' : 'ASC';
      return [
        [id, 'by default', defaultOrder, {}] as const,
        // List Orders takes no order.
        ...('order' in operations[id].shape.query
          ? [[id, `asked ${other}`, other, { order: other }] as const]
          : []),
      ];
    }),
  )('%s is, %s, %s by creation', async (id, _how, order, query) => {
    const { params = {} } = operations[id].example();
    const list = times(
      await items(operations[id].toPath(params, { ...requiredQuery(id), ...query })),
    );
    expect(list.length).toBeGreaterThan(1);
    expect(list).toEqual(sorted(list, order));
  });

  it('takes the deprecated offset of List Orders and ignores it, in the walk too', async () => {
    for (const path of ['/v2/orders', `/v2/profiles/${P.marketMaking}/orders`]) {
      const plain = await sbx.send('GET', `${path}?limit=2`);
      const offset = await sbx.send('GET', `${path}?limit=2&offset=3`);
      expect(offset.status, JSON.stringify(offset.body)).toBe(200);
      expect(offset.body).toEqual(plain.body);
      const cursor = encodeURIComponent(offset.body.next_page_cursor as string);
      const next = await sbx.send('GET', `${path}?limit=2&page_cursor=${cursor}`);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
    }
  });

  it('orders transfers by update time, oldest first, with order_by=UPDATED_AT', async () => {
    const list = times(await items('/v2/transfer/transfers?order_by=UPDATED_AT'), 'updated_at');
    expect(list).toEqual(sorted(list, 'ASC'));
  });

  it('lists executions newest first', async () => {
    const list = (await items('/v2/executions')).map((e) => BigInt(e.execution_id as string));
    expect(list).toEqual([...list].sort((a, b) => (a < b ? 1 : -1)));
  });
});
