/**
 * The periodic tree head posted to the chat webhook (issue 57), a second copy outside the
 * database beside `AUDIT_CHECKPOINT_FILE`: a chat room's history is out of reach of whoever holds
 * the database, so a tail cut together with the database's own checkpoints (and the file, on the
 * same machine) still shows against the last head posted. The post carries the checkpoint as a
 * line of the checkpoint file (`checkpoint`), which `audit:verify --checkpoints` reads.
 */
import { randomUUID } from 'node:crypto';
import { chatChannel, failureText } from '../notifications/channels';
import { chatText } from '../notifications/message-text';
import type { Logger } from '../logger';
import { AUDIT_CHAINS, type Checkpoint, parseHeads } from './audit-checkpoint';

/** What the checkpointer calls after signing: posts, and logs (never throws) a failure. */
export type PostTreeHead = (checkpoint: Checkpoint) => Promise<void>;

/** The post's JSON: Slack's `text`, and the checkpoint's line for a receiver to keep. */
export function treeHeadPost(checkpoint: Checkpoint, id: string): string {
  const heads = parseHeads(checkpoint.heads);
  const sizes = AUDIT_CHAINS.map(
    (chain) => `${chain} ${heads[chain].position} (root ${(heads[chain].root ?? '').slice(0, 12)})`,
  );
  const line = JSON.stringify(checkpoint);
  const text = [
    `Audit tree head ${checkpoint.id ?? ''} signed at ${checkpoint.signedAt} by key ${checkpoint.keyId}: ${sizes.join(', ')}.`,
    'Kept here, out of the database’s reach: a line of the checkpoint file for audit:verify --checkpoints.',
    line,
  ].join('\n');
  return JSON.stringify({
    text: chatText(text),
    message_id: id,
    kind: 'audit-tree-head',
    checkpoint: JSON.parse(line) as unknown,
  });
}

export function treeHeadPoster(
  webhook: { url: string; secret: string },
  secrets: readonly string[],
  logger: Logger,
): PostTreeHead {
  const send = chatChannel(webhook);
  return async (checkpoint) => {
    const id = randomUUID();
    try {
      await send({
        id,
        channel: 'chat',
        address: null,
        subject: '',
        body: treeHeadPost(checkpoint, id),
      });
    } catch (error) {
      // The next one is posted at the next interval; the file and the database keep this one.
      logger.warn(
        { checkpoint: checkpoint.id, reason: failureText(error, secrets) },
        'the audit tree head was not posted to the chat webhook',
      );
    }
  };
}
