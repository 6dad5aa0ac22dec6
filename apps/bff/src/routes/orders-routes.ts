import {
  OrdersQuerySchema,
  parseWith,
  type ConsoleOrder,
  type JournalEntry,
  type OrdersPage,
} from '@console/schemas';
import { entryForRole } from '../access/personal-data';
import { problems } from '../errors';
import type { JournalStore } from '../journal/journal-store';
import { listPage } from './journal-routes';
import type { RouteDef } from './route-table';

function toOrder(entry: JournalEntry): ConsoleOrder {
  return {
    journal_id: entry.id,
    ref_id: entry.ref_id,
    operator: entry.operator,
    operator_name: entry.operator_name,
    created_at: entry.created_at,
    order: entry.response,
  };
}

/** `GET /api/orders`: orders placed through the console (succeeded Create Order entries). */
export function ordersRoutes(journal: JournalStore): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/orders',
      permission: { kind: 'read' },
      handler: async (c) => {
        const parsed = parseWith(OrdersQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { cursor, limit, ...response } = parsed.value;
        const page = await listPage(
          journal,
          { operation: 'createOrder', state: 'SUCCEEDED', cursor, response },
          limit ?? 50,
        );
        const role = c.get('operator')!.role;
        const body: OrdersPage = {
          items: page.items.map((entry) => toOrder(entryForRole(role, entry))),
          next_cursor: page.next_cursor,
        };
        return c.json(body);
      },
    },
  ];
}
