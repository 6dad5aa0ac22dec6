import {
  ActionIcon,
  Anchor,
  Button,
  Drawer,
  Group,
  Indicator,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { InboxItem } from '@console/schemas';
import { Link } from 'react-router';
import { BellIcon } from '@/components/icons';
import { formatLocal, toDate } from '@/lib/format-time';
import { bellWords, inboxDetail, inboxPath, inboxTitle } from './inbox-words';
import { useInbox, useMarkRead } from './use-inbox';

function ItemText({ item }: { item: InboxItem }) {
  return (
    <>
      <Text size="sm" fw={item.read ? 400 : 700}>
        {inboxTitle(item)}
      </Text>
      <Text size="xs">{inboxDetail(item)}</Text>
      <Text size="xs" c="dimmed">
        {toDate(item.at) ? formatLocal(toDate(item.at)!) : item.at}
      </Text>
    </>
  );
}

/** The requests this operator may approve that wait for them: a line atop the drawer. */
function WaitingApprovals({ count, onOpen }: { count: number; onOpen: () => void }) {
  if (count === 0) return null;
  return (
    <Anchor component={Link} to="/approvals" size="sm" fw={700} onClick={onOpen}>
      {count === 1 ? '1 request waits' : `${count} requests wait`} for your approval
    </Anchor>
  );
}

/**
 * The bell in the header with the operator's unread count, and the drawer of what concerns them
 * (issue 35): the requests waiting for their approval, then the changes of the inbox. Opening an
 * item marks it read and goes to its record's page when it has one; "Mark all read" marks what
 * the drawer shows. Read state is the BFF's, so it follows the operator to another browser.
 */
export function InboxBell({ waitingApprovals }: { waitingApprovals: number }) {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const [opened, { open, close }] = useDisclosure(false);
  const unread = inbox.data?.unread ?? 0;
  const { count, label } = bellWords({ unread, waiting: waitingApprovals });
  return (
    <>
      <Indicator label={count} size={16} disabled={count === 0} offset={4}>
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
          <WaitingApprovals count={waitingApprovals} onOpen={close} />
          {inbox.isError && <Text size="sm">The inbox could not be read.</Text>}
          {inbox.data?.items.length === 0 && (
            <Text size="sm" c="dimmed">
              Your sends that settle or fail, deposits to the profiles you work with, and what needs
              action appear here.
            </Text>
          )}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {inbox.data?.items.map((item) => {
              const path = inboxPath(item);
              const label = `${inboxTitle(item)}${item.read ? '' : ', unread'}`;
              const style = {
                borderLeft: `3px solid ${item.read ? 'transparent' : 'var(--mantine-color-blue-filled)'}`,
              };
              const markIt = () => !item.read && markRead.mutate({ ids: [item.id] });
              return (
                <li key={item.id}>
                  {path ? (
                    <UnstyledButton
                      component={Link}
                      to={path}
                      w="100%"
                      p="xs"
                      aria-label={label}
                      style={{ ...style, display: 'block' }}
                      onClick={() => {
                        markIt();
                        close();
                      }}
                    >
                      <ItemText item={item} />
                    </UnstyledButton>
                  ) : (
                    <UnstyledButton
                      w="100%"
                      p="xs"
                      aria-label={label}
                      style={style}
                      onClick={markIt}
                    >
                      <ItemText item={item} />
                    </UnstyledButton>
                  )}
                </li>
              );
            })}
          </Stack>
        </Stack>
      </Drawer>
    </>
  );
}
