/**
 * `GET /api/stream` (issue 35): one Server-Sent Events stream per browser of what changed at the
 * service, from the change log every process shares. Every message carries its change's id as
 * `id:`, so a browser that reconnects with `Last-Event-ID` gets every change after it; a new
 * stream starts at the newest. Each message is filtered and masked for the operator's role
 * (`watch/change-view.ts`). A heartbeat every `heartbeatMs` keeps proxies from closing an idle
 * stream. The stream lives no longer than its session (issue 55): it looks at the session before
 * each batch of changes it writes (from this process's session cache, which every ended-session
 * notice clears), when any process ends a session (`SessionStore.onChange`), when the session's
 * idle or absolute end comes, and at each heartbeat (a role changed in the users file has no
 * notice); ended (signed out, removed, revoked, idle, expired), the stream says `session-ended`
 * and ends, without writing the change it was about to. A message that concerns the operator (their inbox's) says so, and the
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
import type { LiveOperator } from '../middleware/session';
import type { InboxAudience } from '../watch/inbox-audience';
import { createLiveStreams } from '../watch/live-streams';
import type { RouteDef } from './route-table';

export interface StreamRouteDeps {
  db: Db;
  changes: Pick<ChangeReader, 'after' | 'lastId'>;
  hub: ChangeHub;
  audience: Pick<InboxAudience, 'concerning'>;
  /**
   * The session of this request and its operator while it is live (undefined once it ended);
   * looked at without restarting its idle clock.
   */
  liveSession: (c: Context<AppEnv>) => Promise<LiveOperator | undefined>;
  /** Tells of sessions changed or ended in any process (`SessionStore.onChange`). */
  onSessionChange: (listener: (id: string | undefined) => void) => () => void;
  heartbeatMs: number;
  maxPerSession: number;
}

/** Changes read at once; more are read at once after them. */
const BATCH = 100;
const LAST_EVENT_ID = /^[0-9]{1,18}$/;
/**
 * The least wait before the session's end is looked at again: a store on another clock than this
 * one (tests) could otherwise give an end that is always past, and the stream would spin.
 */
const MIN_END_WAIT_MS = 250;

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
          // Something happened while no wait was under way: the next wait returns at once.
          let woken = false;
          const wakeUp = () => {
            woken = true;
            wake?.();
          };
          // A session changed or ended somewhere since the stream last looked at its own.
          let sessionNews = false;
          const unsubscribe = deps.hub.subscribe(wakeUp);
          const stopListening = deps.onSessionChange((id) => {
            if (id !== undefined && id !== sessionId) return;
            sessionNews = true;
            wakeUp();
          });
          stream.onAbort(wakeUp);
          let beatAt = Date.now() + deps.heartbeatMs;
          let sessionEndAt = c.get('sessionExpiresAt')?.getTime() ?? beatAt;
          /** The session is live still, as the same operator in the same role. */
          const sessionLive = async () => {
            sessionNews = false;
            const live = await deps.liveSession(c);
            if (
              !live ||
              live.session.id !== sessionId ||
              live.operator.username !== operator.username ||
              live.operator.role !== operator.role
            ) {
              return false;
            }
            sessionEndAt = Math.max(live.session.expiresAt.getTime(), Date.now() + MIN_END_WAIT_MS);
            return true;
          };
          const endStream = () => stream.writeSSE({ event: 'session-ended', id: last, data: '{}' });
          try {
            await stream.writeSSE({ event: 'ready', id: last, data: JSON.stringify({ id: last }) });
            while (!stream.aborted && !stream.closed) {
              woken = false;
              if ((sessionNews || Date.now() >= sessionEndAt) && !(await sessionLive())) {
                await endStream();
                break;
              }
              const rows = await deps.changes.after(last, BATCH);
              const mine = await deps.audience.concerning(operator.username, rows);
              let looked = false;
              let ended = false;
              for (const row of rows) {
                const message = viewOf(row, operator.role, mine.has(row.id));
                if (message) {
                  // Once per batch from the cache, and again whenever a session's news came
                  // in between: no change goes out after its session ended.
                  if ((!looked || sessionNews) && !(await sessionLive())) {
                    ended = true;
                    break;
                  }
                  looked = true;
                  await stream.writeSSE({
                    event: 'change',
                    id: row.id,
                    data: JSON.stringify(message),
                  });
                }
                last = row.id;
              }
              if (ended) {
                await endStream();
                break;
              }
              if (rows.length === BATCH) continue;
              if (Date.now() >= beatAt) {
                if (!(await sessionLive())) {
                  await endStream();
                  break;
                }
                await streams.renew(streamId);
                await stream.write(': heartbeat\n\n');
                beatAt = Date.now() + deps.heartbeatMs;
              }
              if (woken || sessionNews) continue;
              await new Promise<void>((resolve) => {
                const until = Math.min(beatAt, sessionEndAt);
                const timer = setTimeout(resolve, Math.max(0, until - Date.now()));
                wake = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
              wake = undefined;
            }
          } finally {
            stopListening();
            unsubscribe();
            await streams.close(streamId);
          }
        });
      },
    },
  ];
}
