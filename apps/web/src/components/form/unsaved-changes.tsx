import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before a half-filled form is left: inside the console (a link, the back button) with a
 * dialog, and on closing or reloading the tab with the browser's own question. Never in the way
 * of the end of a session: the way to sign-in is always open.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      currentLocation.pathname !== nextLocation.pathname &&
      !nextLocation.pathname.startsWith('/sign-in'),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={<Text fw={700}>Leave this form?</Text>}
    >
      <Text size="sm" mb="md">
        What you typed has not been sent and will be lost.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.proceed?.()}>
          Leave the form
        </Button>
        <Button data-autofocus onClick={() => blocker.reset?.()}>
          Stay on the form
        </Button>
      </Group>
    </Modal>
  );
}
