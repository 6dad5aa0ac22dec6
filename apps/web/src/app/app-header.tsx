import {
  ActionIcon,
  Badge,
  Burger,
  Button,
  Group,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import type { SessionInfo } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MoonIcon, SunIcon } from '@/components/icons';
import { signOut } from '@/lib/api';
import { SESSION_KEY } from '@/lib/session';

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`}>
      <ActionIcon
        variant="default"
        aria-label={`Switch to ${next} theme`}
        onClick={() => setColorScheme(next)}
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

export function AppHeader({ session, navOpened, onToggleNav }: AppHeaderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
    } catch {
      // Signed out locally either way; the server session ends on its own timeout.
    }
    // Nothing private stays in memory for the back button to show.
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
    navigate('/sign-in', { replace: true });
  };
  const { operator } = session;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Text
          component={Link}
          to="/"
          fw={700}
          size="md"
          c="inherit"
          style={{ textDecoration: 'none' }}
        >
          svc operator console
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" aria-label="Signed in operator">
          <Text size="sm" fw={500}>
            {operator.display_name}
          </Text>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            styles={{ label: { textTransform: 'none' } }}
          >
            {operator.role}
          </Badge>
        </Group>
        <ColorSchemeToggle />
        <Button component={Link} to="/sessions" variant="subtle" size="xs">
          Sessions
        </Button>
        <Button variant="default" size="xs" onClick={() => void leave()} loading={leaving}>
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
