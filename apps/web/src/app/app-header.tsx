import {
  ActionIcon,
  Burger,
  Group,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import type { SessionInfo } from '@console/schemas';
import { Link } from 'react-router';
import { MoonIcon, SunIcon } from '@/components/icons';
import { OperatorMenu } from './operator-menu';

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

/** Brand, theme and the operator menu; at phone width the navigation opens from the burger. */
export function AppHeader({ session, navOpened, onToggleNav }: AppHeaderProps) {
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
        <Text
          component={Link}
          to="/"
          fw={700}
          size="md"
          c="inherit"
          truncate
          style={{ textDecoration: 'none' }}
        >
          svc operator console
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" aria-label="Signed in operator" role="group">
        <ColorSchemeToggle />
        <OperatorMenu session={session} />
      </Group>
    </Group>
  );
}
