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
import { CHANGE_COLUMNS, type StoredChange } from '../watch/change-store';
import { viewOf } from '../watch/change-view';
import { CONCERNS, createInboxAudience } from '../watch/inbox-audience';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

/** Items shown at most: the newest. */
const SHOWN = 50;

export function inboxRoutes(deps: { db: Queryable }): RouteDef[] {
  const audience = createInboxAudience(deps.db);

  async function inboxOf(operator: Operator): Promise<Inbox> {
    const rows = await deps.db.query<StoredChange & { read: boolean }>(
      `select ${CHANGE_COLUMNS},
         exists (select 1 from inbox_reads r where r.username = $1 and r.change_id = c.id) as read
       from live_changes c
       where c.audience is not null and c.at > now() - interval '7 days' and ${CONCERNS('$1', '$3')}
       order by c.id desc limit $2`,
      [operator.username, SHOWN * 4, await audience.profilesOf(operator.username)],
    );
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
        if (ids.length > 0) {
          await deps.db.query(
            `insert into inbox_reads (username, change_id)
             select $1, unnest($2::bigint[]) on conflict do nothing`,
            [operator.username, ids],
          );
        }
        return c.json(await inboxOf(operator));
      },
    },
  ];
}
