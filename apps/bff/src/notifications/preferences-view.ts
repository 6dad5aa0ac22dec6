/**
 * What an operator may choose, and what admins see of who receives what: the kinds a role can
 * get, the channels configured, an address where email needs one, and each operator's choices.
 */
import {
  NOTIFICATION_CHANNELS,
  notificationKindsFor,
  type ChannelStatus,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationRecipient,
} from '@console/schemas';
import { chooses, type Choices } from './preference-store';
import type { Reachable } from './recipients';

/** The channels this console has (`SMTP_URL`, `NOTIFY_WEBHOOK_URL`). */
export type Configured = Readonly<Record<NotificationChannel, boolean>>;

/** Each channel as it stands for one operator (their address known or not). */
export function channelStatus(configured: Configured, email: string | null): ChannelStatus[] {
  return [
    {
      channel: 'email',
      available: configured.email && email !== null,
      reason: !configured.email
        ? 'Email is not set up for this console (SMTP_URL).'
        : email === null
          ? 'The console knows no email address of yours: an admin adds one to the users file, or your company’s sign-in provides it.'
          : null,
    },
    {
      channel: 'chat',
      available: configured.chat,
      reason: configured.chat
        ? null
        : 'No chat channel is set up for this console (NOTIFY_WEBHOOK_URL).',
    },
  ];
}

/** The channels as the console has them, whoever's address: what the admins' page says. */
export function consoleChannels(configured: Configured): ChannelStatus[] {
  return channelStatus(configured, '').map((c) => ({
    ...c,
    reason: c.available ? null : c.reason,
  }));
}

/** One operator's choices, one per kind their role can get and channel. */
export function preferencesOf(
  configured: Configured,
  operator: { username: string; role: Reachable['role'] },
  email: string | null,
  choices: Choices,
): NotificationPreferences {
  return {
    email,
    channels: channelStatus(configured, email),
    items: notificationKindsFor(operator.role).flatMap((kind) =>
      NOTIFICATION_CHANNELS.map((channel) => ({
        kind,
        channel,
        enabled: chooses(choices, operator.username, kind, channel),
      })),
    ),
  };
}

/** Who receives what now: each operator's kinds by each channel that reaches them. */
export function recipientsView(
  configured: Configured,
  operators: readonly Reachable[],
  choices: Choices,
): NotificationRecipient[] {
  return operators.map((o) => {
    const reaches = channelStatus(configured, o.email).filter((c) => c.available);
    return {
      username: o.username,
      display_name: o.display_name,
      role: o.role,
      email: o.email,
      source: o.source,
      receives: notificationKindsFor(o.role).flatMap((kind) =>
        reaches
          .filter((c) => chooses(choices, o.username, kind, c.channel))
          .map((c) => ({ kind, channel: c.channel })),
      ),
    };
  });
}
