import { Badge, Box, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { liveStatus, openLiveStream } from '@/lib/live-stream';
import { SESSION_KEY } from '@/lib/session';
import { inboxDetail, inboxTitle, needsActionNow } from './inbox-words';

/**
 * Keeps the console's one live stream open while signed in, toasts what needs action now (never
 * everything: the rest waits in the inbox), and says in the header whether the pages are live or
 * have fallen back to polling.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openLiveStream(
        queryClient,
        (message) => {
          if (!needsActionNow(message)) return;
          notifications.show({
            id: `live-${message.id}`,
            color: 'red',
            title: inboxTitle(message),
            message: inboxDetail(message),
            autoClose: 15_000,
          });
        },
        // The session is over: the next read answers 401 and the console goes to sign-in.
        () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
      ),
    [queryClient],
  );
  const status = useSyncExternalStore(liveStatus.subscribe, liveStatus.get);
  const live = status === 'open';
  const words = live
    ? 'Live: pages update as the service changes.'
    : 'Live updates are down: pages refresh by polling every few seconds.';
  return (
    <Tooltip label={words}>
      <Badge
        variant={live ? 'light' : 'outline'}
        color={live ? 'green' : 'gray'}
        role="status"
        aria-label={words}
        tabIndex={0}
      >
        {/* A phone's header has room for the colour alone; the name says the words. */}
        <Box component="span" visibleFrom="sm">
          {live ? 'Live' : 'Polling'}
        </Box>
        <Box component="span" hiddenFrom="sm" aria-hidden>
          {live ? '●' : '○'}
        </Box>
      </Badge>
    </Tooltip>
  );
}
