/**
 * One attempt at one message: taken (the attempt counted and the next one set ahead) before it
 * is sent, marked delivered once after. A crash between the send and the mark leaves it pending,
 * to be sent again when its backoff has passed: the receiver may see it twice, with one message
 * id. After the last attempt it is a dead letter, which admins see and may put back.
 */
import type { Logger } from '../logger';
import { failureText, type Channels } from './channels';
import type { OutboxStore } from './outbox-store';
import type { Reachable } from './recipients';

export interface DeliverDeps {
  outbox: OutboxStore;
  channels: Channels;
  /** The operators there are now: a message for someone who is no longer one is dropped. */
  operators: () => Promise<Reachable[]>;
  retryBaseMs: number;
  maxAttempts: number;
  /** Every secret of the channels: cut out of what a failure says. */
  secrets: readonly string[];
  logger: Logger;
}

export type Delivery = 'delivered' | 'failed' | 'dead' | 'dropped' | 'not-taken';

export async function deliverOne(deps: DeliverDeps, id: string): Promise<Delivery> {
  const message = await deps.outbox.claim(id, deps.retryBaseMs);
  if (!message) return 'not-taken';
  const log = { message_id: message.id, kind: message.kind, channel: message.channel };
  const present = new Set((await deps.operators()).map((o) => o.username));
  if (!message.recipients.some((username) => present.has(username))) {
    await deps.outbox.dropped(id, 'its recipient is no longer an operator');
    deps.logger.info(log, 'notification dropped: no recipient is an operator any more');
    return 'dropped';
  }
  const send = deps.channels[message.channel];
  try {
    if (!send) throw new Error(`the ${message.channel} channel is not configured`);
    await send(message);
  } catch (error) {
    const why = failureText(error, deps.secrets);
    const dead = message.attempts >= deps.maxAttempts;
    await deps.outbox.failed(id, why, dead);
    deps.logger.warn(
      { ...log, attempts: message.attempts, error: why },
      dead ? 'notification is a dead letter' : 'notification attempt failed; retried later',
    );
    return dead ? 'dead' : 'failed';
  }
  await deps.outbox.delivered(id);
  deps.logger.info({ ...log, attempts: message.attempts }, 'notification delivered');
  return 'delivered';
}
