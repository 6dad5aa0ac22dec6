import {
  ActionIcon,
  Box,
  Burger,
  Group,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import type { SessionInfo } from '@console/schemas';
import { Link } from 'react-router';
import { MoonIcon, SearchIcon, SunIcon } from '@/components/icons';
import { useWaitingCount } from '@/features/approvals/use-approvals';
import { FindForm } from '@/features/find/find-form';
import { InboxBell } from '@/features/inbox/inbox-bell';
import { LiveUpdates } from '@/features/inbox/live-updates';
import { OperatorMenu } from './operator-menu';

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`}>
      {/* On a phone the operator menu holds the switch: the header keeps room for the name. */}
      <ActionIcon
        variant="default"
        aria-label={`Switch to ${next} theme`}
        onClick={() => setColorScheme(next)}
        visibleFrom="sm"
      >
        {computed === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </Tooltip>
  );
}

export interface AppHeaderProps {
  session: SessionInfo;
  navOpened: boolean;
  onToggleNav: () => void;
}

/**
 * Brand, the search box, theme and the operator menu; at phone width the navigation opens from
 * the burger, the search from its button, and the theme from the operator menu, so that what
 * stays in the header is whole at 390 px (issue 60, item 7).
 */
export function AppHeader({ session, navOpened, onToggleNav }: AppHeaderProps) {
  // The navigation's count of the same query: one read for both. Only makers and approvers
  // have a queue.
  const approves = session.operations.length > 0;
  const waiting = useWaitingCount(approves);
  const waitingApprovals = approves ? waiting : 0;
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        {/* The whole name where it fits; on a phone the product's short name, never cut. */}
        <Text
          component={Link}
          to="/"
          fw={700}
          size="md"
          c="inherit"
          aria-label="svc operator console, home"
          style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
        >
          <Box component="span" visibleFrom="md">
            svc operator console
          </Box>
          <Box component="span" hiddenFrom="md">
            svc
          </Box>
        </Text>
      </Group>
      {/* Find anything by pasting it: in the header on a desktop, its own page on a phone. */}
      <Group gap="xs" wrap="nowrap" visibleFrom="sm" style={{ flex: '0 1 auto', minWidth: 0 }}>
        <FindForm compact />
      </Group>
      <ActionIcon
        component={Link}
        to="/find"
        variant="default"
        hiddenFrom="sm"
        aria-label="Find a record"
        ml="auto"
      >
        <SearchIcon />
      </ActionIcon>
      <Group gap="xs" wrap="nowrap" aria-label="Signed in operator" role="group">
        <LiveUpdates />
        <InboxBell waitingApprovals={waitingApprovals} />
        <ColorSchemeToggle />
        <OperatorMenu session={session} />
      </Group>
    </Group>
  );
}
