/**
 * The inbox (issue 35): the changes of the last week that concern the operator
 * (`watch/inbox-audience.ts`: their sends that settled or failed, failures nobody in the console
 * sent, orchestrations that failed or wait for the service's approval, money that arrived on
 * profiles they work with, identities denied or disabled), those their role may read, masked as
 * the stream masks them, each with whether this operator has read it. Read state is kept in the
 * database, so it follows the operator to another browser.
 */
import { InboxReadInputSchema, parseWith, type Inbox, type Operator } from '@console/schemas';
import type { Queryable } from '../db/db';
import { problems } from '../errors';
import { viewOf } from '../watch/change-view';
import { createInboxReads } from '../watch/inbox-reads';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

/** Items shown at most: the newest. */
const SHOWN = 50;

export function inboxRoutes(deps: { db: Queryable }): RouteDef[] {
  const reads = createInboxReads(deps.db);

  async function inboxOf(operator: Operator): Promise<Inbox> {
    // More than are shown: some may be of records the role may not read.
    const rows = await reads.recent(operator.username, SHOWN * 4);
    const items = rows
      .flatMap((row) => {
        const view = viewOf(row, operator.role, true);
        return view ? [{ ...view, read: row.read }] : [];
      })
      .slice(0, SHOWN);
    return { items, unread: items.filter((item) => !item.read).length };
  }

  return [
    {
      method: 'GET',
      path: '/api/inbox',
      permission: { kind: 'signed-in' },
      handler: async (c) => c.json(await inboxOf(c.get('operator')!)),
    },
    {
      method: 'POST',
      path: '/api/inbox/read',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const parsed = parseWith(InboxReadInputSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        // Only items this operator is shown: an id of another's record marks nothing.
        const shown = (await inboxOf(operator)).items.map((item) => item.id);
        const ids =
          'all' in parsed.value ? shown : parsed.value.ids.filter((id) => shown.includes(id));
        await reads.markRead(operator.username, ids);
        return c.json(await inboxOf(operator));
      },
    },
  ];
}
