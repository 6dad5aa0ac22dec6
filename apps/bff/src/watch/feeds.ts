/**
 * The watcher's feeds: what each reads from the service, and how it keeps its place.
 *
 * The events and the transfers are followed by time (`created_at` of List Events, `updated_at`
 * of List Transfers with `order_by=UPDATED_AT`, both oldest first). Their position is the newest
 * time seen and the changes already taken at exactly that time: the next look asks from that
 * time on (`.gte`, not `.gt`, so that a record sharing the last time but not yet seen, cut off by
 * a page's end, is not skipped) and drops the ones it has. Within one look the pages are walked
 * by the service's cursor, the position committed after each page.
 *
 * The open orders are followed while there are some: List Orders `status=OPEN` and `SUBMITTED`, Get
 * Order for each that left the list (its final status), List Executions of each order whose fill
 * moved. Without open orders the list is read only every `idleEvery` looks.
 */
import { operations } from '@console/schemas';
import { ReadNotFound, type ReadService } from '../jobs/paced-reader';
import {
  changeOfEvent,
  changeOfExecution,
  changeOfOrder,
  changeOfTransfer,
  EVENT_TRANSFER_TYPES,
  objectOf,
  text,
  type Change,
} from './classify';

/** A feed followed by time. */
export interface TimePosition {
  /** The newest time seen (RFC 3339 as the service wrote it). */
  after: string;
  /** The change keys already taken at exactly `after`. */
  seen: string[];
}

export interface TimeFeed {
  name: 'events' | 'transfers';
  /** The path of one page: the walk's lower bound and the service's page cursor. */
  path: (from: string, pageCursor: string | undefined, limit: number) => string;
  scope: string;
  member: string;
  timeField: string;
  /** The change a record is, or null for one this feed leaves to another (still passed over). */
  change: (record: Record<string, unknown>) => { key: string; change: Change | null };
}

export const EVENTS_FEED: TimeFeed = {
  name: 'events',
  path: (from, cursor, limit) =>
    operations.listEvents.toPath(
      {},
      {
        'created_at.gte': from,
        order: 'ASC',
        limit: String(limit),
        ...(cursor ? { page_cursor: cursor } : {}),
      },
    ),
  scope: operations.listEvents.scope!,
  member: 'events',
  timeField: 'created_at',
  change: (event) => {
    const change = changeOfEvent(event);
    return { key: change.changeKey, change };
  },
};

export const TRANSFERS_FEED: TimeFeed = {
  name: 'transfers',
  path: (from, cursor, limit) =>
    operations.listTransfers.toPath(
      {},
      {
        order_by: 'UPDATED_AT',
        order: 'ASC',
        'updated_at.gte': from,
        limit: String(limit),
        ...(cursor ? { page_cursor: cursor } : {}),
      },
    ),
  scope: operations.listTransfers.scope!,
  member: 'items',
  timeField: 'updated_at',
  change: (transfer) => {
    const change = changeOfTransfer(transfer);
    return {
      key: change.changeKey,
      change: EVENT_TRANSFER_TYPES.has(String(transfer.type)) ? null : change,
    };
  },
};

const ms = (time: string) => Date.parse(time);

/**
 * Takes one page's records into the position: the changes not taken before, and the position
 * after them. Pure, so that the rules of ties and order are tested alone.
 */
export function takePage(
  feed: Pick<TimeFeed, 'timeField' | 'change'>,
  position: TimePosition,
  records: readonly Record<string, unknown>[],
): { changes: Change[]; position: TimePosition } {
  let { after, seen } = position;
  seen = [...seen];
  const changes: Change[] = [];
  for (const record of records) {
    const time = text(record[feed.timeField]);
    if (time === null || Number.isNaN(ms(time))) continue;
    const { key, change } = feed.change(record);
    if (ms(time) < ms(after)) continue;
    if (ms(time) === ms(after)) {
      if (seen.includes(key)) continue;
      seen.push(key);
    } else {
      after = time;
      seen = [key];
    }
    if (change) changes.push(change);
  }
  return { changes, position: { after, seen } };
}

/** The items of a list answer under `member`, objects only. */
export function itemsOf(body: Record<string, unknown>, member: string): Record<string, unknown>[] {
  const items = body[member] ?? body.items;
  return Array.isArray(items) ? items.map(objectOf) : [];
}

/** Where the orders feed has got to. */
export interface OrdersPosition {
  /** The orders open at the last look, by id: where to ask for them, and their fill then. */
  open: Record<string, { profile_id: string; status: string; amount_filled: string }>;
}

/**
 * The statuses of an order that may still fill: booked, and accepted but not yet booked. List
 * Orders takes one status a read. (`PENDING_SUBMISSION` passes in an instant: its order is seen
 * at the next look, as SUBMITTED or OPEN, or by its final status.)
 */
const OPEN_STATUSES = ['SUBMITTED', 'OPEN'] as const;

/** One look at the open orders: the changes, and the position after them. */
export async function lookAtOrders(
  read: ReadService,
  position: OrdersPosition,
): Promise<{ changes: Change[]; position: OrdersPosition }> {
  const scope = operations.listOrders.scope!;
  const listed: Record<string, unknown>[] = [];
  for (const status of OPEN_STATUSES) {
    const path = operations.listOrders.toPath({}, { status, limit: '1000' });
    listed.push(...itemsOf(await read(path, scope), 'items'));
  }
  const changes: Change[] = [];
  const moved: { id: string; profile_id: string }[] = [];
  const open: OrdersPosition['open'] = {};
  for (const order of listed) {
    const id = text(order.id);
    const profileId = text(order.profile_id);
    if (!id || !profileId) continue;
    const filled = text(order.amount_filled) ?? '0';
    open[id] = { profile_id: profileId, status: String(order.status), amount_filled: filled };
    const before = position.open[id];
    if (!before || before.amount_filled !== filled || before.status !== open[id].status) {
      changes.push(changeOfOrder(order));
      if (before && before.amount_filled !== filled) moved.push({ id, profile_id: profileId });
    }
  }
  for (const [id, before] of Object.entries(position.open)) {
    if (open[id]) continue;
    let order: Record<string, unknown>;
    try {
      order = await read(
        operations.getOrder.toPath({ profile_id: before.profile_id, id }, {}),
        operations.getOrder.scope!,
      );
    } catch (error) {
      // Gone from the service (404): nothing more to say of it.
      if (error instanceof ReadNotFound) continue;
      throw error;
    }
    changes.push(changeOfOrder({ profile_id: before.profile_id, ...order }));
    if ((text(order.amount_filled) ?? '0') !== before.amount_filled) {
      moved.push({ id, profile_id: before.profile_id });
    }
  }
  // The fills of each order whose fill moved, before the order's own change in the stream.
  const fills: Change[] = [];
  for (const { id, profile_id } of moved) {
    const executions = itemsOf(
      await read(
        operations.listExecutions.toPath({}, { order_id: id, limit: '1000' }),
        operations.listExecutions.scope!,
      ),
      'items',
    );
    for (const execution of executions.reverse()) {
      fills.push(changeOfExecution({ profile_id, ...execution }));
    }
  }
  return { changes: [...fills, ...changes], position: { open } };
}
