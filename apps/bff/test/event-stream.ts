/**
 * A Server-Sent Events answer read as the browser's `EventSource` would, message by message
 * (comment lines, the heartbeats, are skipped). Used by tests only.
 */

export interface StreamMessage {
  event: string;
  id?: string;
  data: string;
}

export function readEventStream(res: Response) {
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const messages: StreamMessage[] = [];
  /** Reads until `until` holds of the messages so far, or the stream ends. */
  async function readUntil(until: (all: StreamMessage[]) => boolean, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    while (!until(messages) && !ended) {
      if (Date.now() > deadline) throw new Error(`no such message in ${JSON.stringify(messages)}`);
      const chunk = await Promise.race([
        reader!.read(),
        new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
      ]);
      if (chunk === null) continue;
      if (chunk.done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const message: StreamMessage = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const [field, ...rest] = line.split(':');
          const value = rest.join(':').replace(/^ /, '');
          if (field === 'event') message.event = value;
          else if (field === 'id') message.id = value;
          else if (field === 'data') message.data += value;
        }
        if (block.split('\n').some((line) => !line.startsWith(':'))) messages.push(message);
      }
    }
    return messages;
  }
  return {
    res,
    messages,
    readUntil,
    ended: () => ended,
    changes: () => messages.filter((m) => m.event === 'change'),
    close: () => reader?.cancel(),
  };
}
