/**
 * `POST /api/webhooks/svc` (issue 35): the service's webhook, where it is set up to push. A
 * delivery counts only with the configured API key in the configured header (compared in
 * constant time; anything else is 401 and a security event). The service does not sign its
 * bodies, so the body is never trusted: the event is read back with Get Event and what the
 * service says there is what enters the change log, deduplicated by the event's id with what the
 * watcher's polling (which goes on as the safety net) finds.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { operations, parseWith, SvcWebhookSchema } from '@console/schemas';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Queryable } from '../db/db';
import { ProblemError, problems } from '../errors';
import type { SecurityEventStore } from '../security/security-events';
import type { UpstreamClient } from '../upstream/client';
import { ServiceBudgetError } from '../upstream/service-budget';
import { TokenError } from '../upstream/tokens';
import { changeOfEvent } from '../watch/classify';
import { hasChange, recordOne } from '../watch/change-store';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export const WEBHOOK_PATH = '/api/webhooks/svc';

export interface WebhookDeps {
  db: Queryable;
  client: UpstreamClient;
  timeoutMs: number;
  events: SecurityEventStore;
  clientAddress: (c: Context<AppEnv>) => string;
  /** The key and the header it comes in; unset, every delivery is refused. */
  webhook: { apiKey: string; header: string } | undefined;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Equal in time that does not depend on where they differ, nor on their lengths. */
export function sameKey(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && expected !== '';
}

const unavailable = (detail: string) =>
  new ProblemError({ status: 502, code: 'upstream-unavailable', detail });

export function webhookRoutes(deps: WebhookDeps): RouteDef[] {
  return [
    {
      method: 'POST',
      path: WEBHOOK_PATH,
      permission: { kind: 'public' },
      handler: async (c) => {
        const given = deps.webhook ? (c.req.header(deps.webhook.header) ?? '') : '';
        if (!deps.webhook || !sameKey(given, deps.webhook.apiKey)) {
          await deps.events.recordFailure({
            kind: 'webhook-refused',
            username: '(service webhook)',
            known: false,
            requestId: c.get('requestId'),
            clientAddress: deps.clientAddress(c),
            userAgent: c.req.header('user-agent'),
            detail: !deps.webhook
              ? 'no webhook key is configured'
              : given === ''
                ? 'no API key'
                : 'a wrong API key',
          });
          throw problems.unauthenticated('The webhook needs the configured API key.');
        }
        const parsed = parseWith(SvcWebhookSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        if (await hasChange(deps.db, `event:${parsed.value.id}`)) {
          return c.json({ status: 'duplicate' as const });
        }

        let outcome;
        try {
          outcome = await deps.client.send({
            method: 'GET',
            path: operations.getEvent.toPath({ id: parsed.value.id }, {}),
            body: '',
            scope: operations.getEvent.scope,
            timeoutMs: deps.timeoutMs,
            requestId: c.get('requestId'),
            safe: true,
          });
        } catch (error) {
          if (error instanceof ServiceBudgetError || error instanceof TokenError) {
            throw unavailable(`The event could not be read back now: ${error.message}`);
          }
          throw error;
        }
        if (outcome.kind === 'no-answer') {
          throw unavailable(`The service did not answer Get Event (${outcome.error}).`);
        }
        if (outcome.status === 404) {
          throw problems.notFound('The service has no such event.');
        }
        const event = outcome.body;
        if (
          outcome.status !== 200 ||
          event === null ||
          typeof event !== 'object' ||
          (event as { id?: unknown }).id !== parsed.value.id
        ) {
          throw unavailable(`The service could not give the event back (${outcome.status}).`);
        }
        const recorded = await recordOne(deps.db, changeOfEvent(event as Record<string, unknown>));
        return c.json({ status: recorded ? ('recorded' as const) : ('duplicate' as const) });
      },
    },
  ];
}
