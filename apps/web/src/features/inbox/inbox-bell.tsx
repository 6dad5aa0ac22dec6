import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  Indicator,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BellIcon } from '@/components/icons';
import { formatLocal, toDate } from '@/lib/format-time';
import { inboxDetail, inboxTitle } from './inbox-words';
import { useInbox, useMarkRead } from './use-inbox';

/**
 * The bell in the header with the operator's unread count, and the drawer of what concerns them
 * (issue 35). Opening an item marks it read; "Mark all read" marks what the drawer shows. Read
 * state is the BFF's, so it follows the operator to another browser.
 */
export function InboxBell() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const [opened, { open, close }] = useDisclosure(false);
  const unread = inbox.data?.unread ?? 0;
  const label = unread > 0 ? `Inbox, ${unread} unread` : 'Inbox';
  return (
    <>
      <Indicator label={unread} size={16} disabled={unread === 0} offset={4}>
        <ActionIcon variant="default" aria-label={label} onClick={open}>
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        title="Inbox"
        closeButtonProps={{ 'aria-label': 'Close the inbox' }}
      >
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" role="status">
              {unread === 0 ? 'Nothing unread.' : `${unread} unread`}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </Button>
          </Group>
          {inbox.isError && <Text size="sm">The inbox could not be read.</Text>}
          {inbox.data?.items.length === 0 && (
            <Text size="sm" c="dimmed">
              Failures, deposits, filled orders and what waits for approval appear here.
            </Text>
          )}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {inbox.data?.items.map((item) => (
              <li key={item.id}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  aria-label={`${inboxTitle(item)}${item.read ? '' : ', unread'}`}
                  onClick={() => !item.read && markRead.mutate({ ids: [item.id] })}
                  style={{
                    borderLeft: `3px solid ${item.read ? 'transparent' : 'var(--mantine-color-blue-filled)'}`,
                  }}
                >
                  <Text size="sm" fw={item.read ? 400 : 700}>
                    {inboxTitle(item)}
                  </Text>
                  <Text size="xs">{inboxDetail(item)}</Text>
                  <Text size="xs" c="dimmed">
                    {toDate(item.at) ? formatLocal(toDate(item.at)!) : item.at}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Stack>
      </Drawer>
    </>
  );
}
