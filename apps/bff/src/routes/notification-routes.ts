import {
  DeadLetterQuerySchema,
  NotificationPreferencesInputSchema,
  notificationKindsFor,
  parseWith,
  type DeadLetters,
  type Operator,
} from '@console/schemas';
import { problems } from '../errors';
import type { OutboxStore } from '../notifications/outbox-store';
import type { PreferenceStore } from '../notifications/preference-store';
import {
  consoleChannels,
  preferencesOf,
  recipientsView,
  type Configured,
} from '../notifications/preferences-view';
import { reachableOperators, type Reachable } from '../notifications/recipients';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import type { OperatorDirectory } from '../operators/operator-directory';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface NotificationRouteDeps {
  preferences: PreferenceStore;
  outbox: OutboxStore;
  directory: OperatorDirectory;
  ssoOperators: Pick<SsoOperatorStore, 'all'>;
  configured: Configured;
}

/**
 * Notifications (issue 36): every operator's own choices of what reaches them and how; for
 * admins, who receives what, and the dead letters, each of which they may put back to be sent.
 */
export function notificationRoutes(deps: NotificationRouteDeps): RouteDef[] {
  const emailOf = async (operator: Operator): Promise<string | null> => {
    const me: Reachable | undefined = (await reachableOperators(deps)).find(
      (o) => o.username === operator.username,
    );
    return me?.email ?? null;
  };
  const mine = async (operator: Operator) =>
    preferencesOf(
      deps.configured,
      operator,
      await emailOf(operator),
      await deps.preferences.of([operator.username]),
    );
  return [
    {
      method: 'GET',
      path: '/api/notifications/preferences',
      permission: { kind: 'signed-in' },
      handler: async (c) => c.json(await mine(c.get('operator')!)),
    },
    {
      method: 'PUT',
      path: '/api/notifications/preferences',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const parsed = parseWith(NotificationPreferencesInputSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const kinds = notificationKindsFor(operator.role);
        const foreign = parsed.value.items.flatMap((item, i) =>
          kinds.includes(item.kind)
            ? []
            : [
                {
                  path: `items.${i}.kind`,
                  message: `A ${operator.role} receives no ${item.kind} notifications`,
                },
              ],
        );
        if (foreign.length > 0) throw problems.validation(foreign);
        await deps.preferences.set(operator.username, parsed.value.items);
        return c.json(await mine(operator));
      },
    },
    {
      method: 'GET',
      path: '/api/notifications/recipients',
      permission: { kind: 'admin' },
      handler: async (c) => {
        const operators = await reachableOperators(deps);
        return c.json({
          channels: consoleChannels(deps.configured),
          items: recipientsView(deps.configured, operators, await deps.preferences.of()),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/notifications/dead-letters',
      permission: { kind: 'admin' },
      handler: async (c) => {
        const parsed = parseWith(DeadLetterQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const page: DeadLetters = await deps.outbox.deadLetters(parsed.value.limit ?? 100);
        return c.json(page);
      },
    },
    {
      method: 'POST',
      path: '/api/notifications/:id/retry',
      permission: { kind: 'admin' },
      handler: async (c) => {
        const retried = await deps.outbox.retry(c.req.param('id')!);
        if (retried === undefined) throw problems.notFound('There is no message with this id.');
        if (retried === 'not-dead') {
          throw problems.conflict('Only a dead letter can be retried; this one is not.');
        }
        return c.json(retried);
      },
    },
  ];
}
