import { z } from 'zod';
import {
  InboxReadInputSchema,
  InboxSchema,
  SvcWebhookAnswerSchema,
  SvcWebhookSchema,
} from './live-api';
import {
  DeadLetterQuerySchema,
  DeadLettersSchema,
  NotificationDeliverySchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
  NotificationRecipientsSchema,
} from './notifications-api';
import { IdParamsSchema, routeSpecs } from './api-route-spec';

/*
 * The routes of what an operator is told: notifications and their dead letters, the live stream,
 * the inbox, and the service's webhook that feeds them.
 */

export const watchRoutes = routeSpecs({
  getNotificationPreferences: {
    responses: { 200: NotificationPreferencesSchema },
  },
  setNotificationPreferences: {
    body: NotificationPreferencesInputSchema,
    responses: { 200: NotificationPreferencesSchema },
  },
  listNotificationRecipients: {
    responses: { 200: NotificationRecipientsSchema },
  },
  listDeadLetters: {
    query: DeadLetterQuerySchema,
    responses: { 200: DeadLettersSchema },
  },
  retryNotification: {
    params: IdParamsSchema,
    responses: { 200: NotificationDeliverySchema },
  },
  // Issue 35: the live stream and the inbox.
  openStream: { media: 'event-stream', responses: { 200: z.string() } },
  getInbox: { responses: { 200: InboxSchema } },
  markInboxRead: { body: InboxReadInputSchema, responses: { 200: InboxSchema } },
  receiveSvcWebhook: { body: SvcWebhookSchema, responses: { 200: SvcWebhookAnswerSchema } },
});
