/**
 * The one live stream of the console (`GET /api/stream`, issue 35): what changed at the service,
 * as the BFF filtered it for the operator's role. Each change invalidates the cached reads it
 * concerns, so every list and page shows it without polling; while the stream is up, pages that
 * poll a record stop (`liveInterval`), and when it is down they poll again and the header says
 * so. The browser's `EventSource` reconnects by itself and sends `Last-Event-ID`, so nothing
 * that changed meanwhile is missed.
 */
import { LiveMessageSchema, type LiveMessage } from '@console/schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { liveInterval } from './live-interval';

export type LiveStatus = 'connecting' | 'open' | 'down';

let status: LiveStatus = 'down';
const listeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  listeners.forEach((listener) => listener());
}

/** For `useSyncExternalStore`. */
export const liveStatus = {
  get: (): LiveStatus => status,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** True while the stream is up: the pages' own polling rests. */
export const streamIsUp = () => status === 'open';

/**
 * Reads of records the watcher follows (orders, transfers, orchestrations): while the stream is
 * up, a change of one reaches its page through the stream. Others (a fiat account, a rule) are
 * not followed and keep their polling.
 */
const FOLLOWED = [
  /^\/v2\/profiles\/[^/]+\/orders\/[^/]+$/,
  /^\/v2\/transfer\/transfers\/[^/]+$/,
  /^\/v2\/orchestration\/orchestrations\/[^/]+$/,
];

/** True when the record read at `path` changes on screen through the stream. */
export const followedByStream = (path: string | undefined): boolean =>
  path !== undefined && FOLLOWED.some((pattern) => pattern.test(path));

/**
 * A followed record's polling interval: none while the stream is up, `liveInterval`'s when it
 * is down (the pages say so in the header).
 */
export function streamedInterval(reads: number, final: boolean): number | false {
  return streamIsUp() ? false : liveInterval(reads, final);
}

/** Words of cache keys that hold records of each kind (the registry's ids and the paths). */
const KEY_WORDS: Record<string, readonly string[]> = {
  order: ['Orders', '/orders', 'Executions', '/executions', 'balances', 'Balances'],
  execution: ['Executions', '/executions', 'Orders', '/orders'],
  transfer: ['Transfers', '/transfer', 'balances', 'Balances'],
  orchestration: ['Orchestration', '/orchestration'],
  identity: ['Identit', '/identities'],
};

/** True when the cached read under `key` may show the record `message` is about. */
export function concerns(key: QueryKey, message: Pick<LiveMessage, 'record_type'>): boolean {
  if (key[0] !== 'svc') return false;
  const words = KEY_WORDS[message.record_type];
  // A change of a kind the console does not know: every read of the service may show it.
  if (!words) return true;
  const text = JSON.stringify(key);
  return words.some((word) => text.includes(word)) || text.includes('Events');
}

/**
 * Opens the stream; `onChange` hears each change after the caches it concerns are invalidated.
 * Returns the function that closes it.
 */
export function openLiveStream(
  queryClient: QueryClient,
  onChange: (message: LiveMessage) => void,
  onSessionEnded: () => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  setStatus('connecting');
  const source = new EventSource('/api/stream');
  let wasDown = false;
  source.onopen = () => {
    setStatus('open');
    // Back from a break: what the pages show may have changed meanwhile.
    if (wasDown) void queryClient.invalidateQueries({ queryKey: ['svc'] });
    wasDown = false;
  };
  source.onerror = () => {
    if (status === 'open') {
      wasDown = true;
      // Down: every record page polls again from its next read, starting now.
      void queryClient.invalidateQueries({ queryKey: ['svc'] });
    }
    setStatus(source.readyState === EventSource.CLOSED ? 'down' : 'connecting');
  };
  source.addEventListener('change', (event) => {
    let message: LiveMessage;
    try {
      message = LiveMessageSchema.parse(JSON.parse((event as MessageEvent<string>).data));
    } catch {
      return;
    }
    void queryClient.invalidateQueries({ predicate: (q) => concerns(q.queryKey, message) });
    if (message.inbox) void queryClient.invalidateQueries({ queryKey: ['inbox'] });
    onChange(message);
  });
  source.addEventListener('session-ended', () => {
    source.close();
    setStatus('down');
    onSessionEnded();
  });
  return () => {
    source.close();
    setStatus('down');
  };
}
