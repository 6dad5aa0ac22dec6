import { Button, Group, Modal, Text } from '@mantine/core';
import type { SessionInfo } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { LocalTime } from '@/components/result/local-time';
import { checkSession, extendSession } from '@/lib/api';
import { SESSION_KEY, useSignOut } from '@/lib/session';
import { useWrite } from '@/lib/use-write';

/** How long before the end of a session the operator is warned. */
export const WARN_BEFORE_MS = 60_000;

function left(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.round((deadline - now) / 1000));
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

/**
 * A minute before the session ends, asks whether to stay signed in. The deadline is the BFF's:
 * shortly before it, the session is read again without counting as activity (another tab or a
 * request may have moved it), and the warning shows only if it still ends within the minute. At
 * the absolute end (`SESSION_MAX_HOURS`) there is nothing to extend, and it says so.
 */
export function IdleWarning({ session }: { session: SessionInfo }) {
  const queryClient = useQueryClient();
  const deadline = Date.parse(session.expires_at);
  const atLimit = session.expires_at === session.ends_at;
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const ended = useCallback(() => queryClient.setQueryData(SESSION_KEY, null), [queryClient]);

  // Shortly before the warning is due, look again: activity elsewhere may have moved the end.
  useEffect(() => {
    const timer = setTimeout(
      () => {
        void checkSession()
          .then((info) => {
            if (Date.parse(info.expires_at) - Date.now() > WARN_BEFORE_MS + 1_000) {
              queryClient.setQueryData(SESSION_KEY, info);
            } else {
              setNow(Date.now());
              setOpen(true);
            }
          })
          .catch(ended);
      },
      Math.max(0, deadline - WARN_BEFORE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [deadline, queryClient, ended]);

  // While the warning shows, count down; at the end the session is gone.
  useEffect(() => {
    if (!open) return;
    const tick = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= deadline) {
        setOpen(false);
        ended();
      }
    }, 1_000);
    return () => clearInterval(tick);
  }, [open, deadline, ended]);

  const extend = useWrite({ mutationFn: extendSession });
  const busy = extend.isPending;
  const signOut = useSignOut();
  const stay = async () => {
    try {
      const answer = await extend.run();
      if (!answer) return;
      queryClient.setQueryData(SESSION_KEY, answer.data);
      setOpen(false);
    } catch {
      ended();
    }
  };
  const leave = async () => {
    setOpen(false);
    await signOut.leave();
  };

  return (
    <Modal
      opened={open}
      onClose={() => (atLimit ? setOpen(false) : void stay())}
      title={<Text fw={700}>Your session is about to end</Text>}
    >
      <Text size="sm" mb="md" role="status" aria-live="polite">
        {atLimit ? (
          <>
            Your session reaches its time limit at <LocalTime value={session.ends_at} /> (in{' '}
            {left(deadline, now)}). Sign in again to go on; anything not sent will be lost.
          </>
        ) : (
          <>You will be signed out in {left(deadline, now)} for inactivity.</>
        )}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void leave()}>
          Sign out
        </Button>
        {atLimit ? (
          <Button data-autofocus onClick={() => setOpen(false)}>
            Understood
          </Button>
        ) : (
          <Button data-autofocus onClick={() => void stay()} loading={busy}>
            Stay signed in
          </Button>
        )}
      </Group>
    </Modal>
  );
}
