import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { describeChange } from './describe';
import { useWorkQueue } from './use-work-queue';

/** States in which a request still waits on other operators. */
const WAITING = new Set(['AWAITING_APPROVAL']);

/**
 * Tells a maker, wherever they are in the console, when a request of theirs that was waiting for
 * approval is approved, rejected or expires. Mounted once in the layout; renders nothing.
 */
export function RequestNotifier() {
  const queue = useWorkQueue();
  const queryClient = useQueryClient();
  const known = useRef<Map<string, string> | null>(null);

  useEffect(() => {
    const items = queue.data?.my_requests;
    if (!items) return;
    const previous = known.current;
    known.current = new Map(items.map((i) => [i.journal.id, i.journal.state]));
    // The first answer is where things stand: nothing changed yet.
    if (!previous) return;
    let changed = false;
    for (const { journal } of items) {
      const before = previous.get(journal.id);
      if (!before || !WAITING.has(before) || before === journal.state) continue;
      const change = describeChange(journal);
      changed = true;
      if (!change) continue;
      notifications.show({
        id: `request-${journal.id}-${journal.state}`,
        color: change.color,
        title: change.title,
        message: change.message,
        autoClose: 15_000,
      });
    }
    if (changed) {
      // What the maker may be looking at (the journal, the request's page) is out of date now.
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
    }
  }, [queue.data, queryClient]);

  return null;
}
