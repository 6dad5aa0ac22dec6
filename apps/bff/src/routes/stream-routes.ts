/**
 * `GET /api/stream` (issue 35): one Server-Sent Events stream per browser of what changed at the
 * service, from the change log every process shares. Every message carries its change's id as
 * `id:`, so a browser that reconnects with `Last-Event-ID` gets every change after it; a new
 * stream starts at the newest. Each message is filtered and masked for the operator's role
 * (`watch/change-view.ts`). A heartbeat every `heartbeatMs` keeps proxies from closing an idle
 * stream and looks at the session: ended elsewhere (signed out, revoked, idle, expired), the
 * stream says so and ends. A message that concerns the operator (their inbox's) says so, and the
 * browser reads its inbox again. A session may hold `maxPerSession` streams at once, in every process
 * together (`live_streams`).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import type { Db } from '../db/db';
import { ProblemError } from '../errors';
import type { ChangeHub } from '../watch/change-hub';
import type { ChangeReader } from '../watch/change-store';
import { viewOf } from '../watch/change-view';
import type { InboxAudience } from '../watch/inbox-audience';
import { createLiveStreams } from '../watch/live-streams';
import type { RouteDef } from './route-table';

export interface StreamRouteDeps {
  db: Db;
  changes: Pick<ChangeReader, 'after' | 'lastId'>;
  hub: ChangeHub;
  audience: Pick<InboxAudience, 'concerning'>;
  /** True while the session of this request is live; looked at without restarting its clock. */
  sessionAlive: (c: Context<AppEnv>) => Promise<boolean>;
  heartbeatMs: number;
  maxPerSession: number;
}

/** Changes read at once; more are read at once after them. */
const BATCH = 100;
const LAST_EVENT_ID = /^[0-9]{1,18}$/;

export function streamRoutes(deps: StreamRouteDeps): RouteDef[] {
  const staleMs = 2 * deps.heartbeatMs;
  const streams = createLiveStreams(deps.db);
  return [
    {
      method: 'GET',
      path: '/api/stream',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const sessionId = c.get('sessionId')!;
        const streamId = randomUUID();
        if (!(await streams.open(streamId, sessionId, deps.maxPerSession, staleMs))) {
          throw new ProblemError({
            status: 429,
            code: 'rate-limited',
            detail: `This session has ${deps.maxPerSession} live streams open already; close a tab of the console or wait for one to end.`,
            headers: { 'Retry-After': String(Math.ceil(staleMs / 1000)) },
          });
        }
        const asked = c.req.header('last-event-id') ?? '';
        let last = LAST_EVENT_ID.test(asked) ? asked : await deps.changes.lastId();

        return streamSSE(c, async (stream) => {
          let wake: (() => void) | undefined;
          const unsubscribe = deps.hub.subscribe(() => wake?.());
          stream.onAbort(() => wake?.());
          let beatAt = Date.now() + deps.heartbeatMs;
          try {
            await stream.writeSSE({ event: 'ready', id: last, data: JSON.stringify({ id: last }) });
            while (!stream.aborted && !stream.closed) {
              const rows = await deps.changes.after(last, BATCH);
              const mine = await deps.audience.concerning(operator.username, rows);
              for (const row of rows) {
                last = row.id;
                const message = viewOf(row, operator.role, mine.has(row.id));
                if (message) {
                  await stream.writeSSE({
                    event: 'change',
                    id: row.id,
                    data: JSON.stringify(message),
                  });
                }
              }
              if (rows.length === BATCH) continue;
              if (Date.now() >= beatAt) {
                if (!(await deps.sessionAlive(c))) {
                  await stream.writeSSE({ event: 'session-ended', id: last, data: '{}' });
                  break;
                }
                await streams.renew(streamId);
                await stream.write(': heartbeat\n\n');
                beatAt = Date.now() + deps.heartbeatMs;
              }
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, Math.max(0, beatAt - Date.now()));
                wake = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
              wake = undefined;
            }
          } finally {
            unsubscribe();
            await streams.close(streamId);
          }
        });
      },
    },
  ];
}
