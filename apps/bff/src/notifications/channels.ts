/**
 * The two ways a message leaves the console: email over SMTP (`nodemailer`; `smtp://` upgrades
 * with STARTTLS where the server offers it, `smtps://` is TLS from the start) and a chat webhook
 * in the format of a Slack incoming webhook, signed (`webhook-signature.ts`). Both carry the
 * message's stable id (the email's `Message-ID`, the post's `X-Console-Message-Id` header and
 * `message_id` member) so that a receiver can drop the duplicate a crash between sending and
 * marking may cause. What a failure says is cleaned of every secret before anyone sees it.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { NotificationChannel } from '@console/schemas';
import type { NotifySettings } from './notify-settings';
import { MESSAGE_ID_HEADER, SIGNATURE_HEADER, signWebhook } from './webhook-signature';

/** One message as the outbox holds it. */
export interface OutgoingMessage {
  id: string;
  channel: NotificationChannel;
  /** The email address (email only). */
  address: string | null;
  subject: string;
  /** The email's text, or the chat post's exact JSON. */
  body: string;
}

/** Sends one message; throws when it was not accepted. */
export type Send = (message: OutgoingMessage) => Promise<void>;

export type Channels = Partial<Record<NotificationChannel, Send>>;

/** How long one attempt may take before it counts as failed. */
const ATTEMPT_MS = 15_000;

/** The pieces of the configuration that must never appear in a log line or an answer. */
export function secretsOf(settings: Pick<NotifySettings, 'smtp' | 'webhook'>): string[] {
  const out: string[] = [];
  if (settings.smtp) {
    out.push(settings.smtp.url);
    try {
      const url = new URL(settings.smtp.url);
      if (url.password) out.push(url.password, decodeURIComponent(url.password));
    } catch {
      // checked at start: a URL
    }
  }
  if (settings.webhook) {
    out.push(settings.webhook.url, settings.webhook.secret);
    try {
      const url = new URL(settings.webhook.url);
      if (url.pathname.length > 1) out.push(url.pathname);
      if (url.search) out.push(url.search);
    } catch {
      // checked at start: a URL
    }
  }
  return out.filter((secret) => secret.length >= 4);
}

/** A failure in words for the outbox and the log: short, and with every secret cut out. */
export function failureText(error: unknown, secrets: readonly string[]): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const raw = `${error instanceof Error ? error.message : String(error)}${cause ? `: ${cause}` : ''}`;
  let text = raw;
  // Longest first, so that a secret containing another is cut whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    text = text.split(secret).join('[secret]');
  }
  // An SMTP AUTH exchange can echo base64 of the credentials: never keep such a line.
  text = text.replace(/AUTH\s+\S+\s+\S+/gi, 'AUTH [secret]');
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/** The host part of the message ids: `PUBLIC_URL`'s host, else a name that is no one's. */
export function messageIdDomain(publicOrigin: string | undefined): string {
  return publicOrigin ? new URL(publicOrigin).hostname : 'console.invalid';
}

/** Email over SMTP to one address. */
export function emailChannel(smtp: { url: string; from: string }, domain: string): Send {
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: ATTEMPT_MS,
    greetingTimeout: ATTEMPT_MS,
    socketTimeout: ATTEMPT_MS,
    // Its own log stays off: it could print the conversation, credentials included.
    logger: false,
    debug: false,
  } as SMTPTransport.Options);
  return async (message) => {
    if (!message.address) throw new Error('no address');
    await transport.sendMail({
      from: smtp.from,
      to: message.address,
      subject: message.subject,
      text: message.body,
      messageId: `<${message.id}@${domain}>`,
      headers: { [MESSAGE_ID_HEADER]: message.id },
    });
  };
}

/** A signed post of the stored JSON to the chat webhook. */
export function chatChannel(
  webhook: { url: string; secret: string },
  now: () => number = Date.now,
): Send {
  return async (message) => {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(webhook.secret, message.body, now()),
        [MESSAGE_ID_HEADER]: message.id,
      },
      body: message.body,
      // A redirect is not followed: the post goes where it was configured, or nowhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`the chat webhook answered ${response.status}`);
    }
  };
}

/** The channels the configuration gives. */
export function channelsFrom(settings: NotifySettings): Channels {
  return {
    ...(settings.smtp
      ? { email: emailChannel(settings.smtp, messageIdDomain(settings.publicOrigin)) }
      : {}),
    ...(settings.webhook ? { chat: chatChannel(settings.webhook) } : {}),
  };
}

/** The sender's pace and retries as configured, and the secrets its log lines must never hold. */
export function notifierOptionsOf(settings: NotifySettings) {
  return {
    intervalMs: settings.intervalMs,
    leaseMs: settings.leaseMs,
    reminderLeadMs: settings.reminderLeadMs,
    retryBaseMs: settings.retryBaseMs,
    maxAttempts: settings.maxAttempts,
    secrets: secretsOf(settings),
  };
}
