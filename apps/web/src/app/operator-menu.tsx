import {
  Badge,
  Button,
  Menu,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import type { SessionInfo } from '@console/schemas';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon } from '@/components/icons';
import { PROVIDER_LOGOUT_PATH } from '@/lib/api';
import { useSignOut } from '@/lib/session';

/**
 * Who is signed in, and what concerns them alone: their sessions, their notifications, the
 * security events and notification delivery (admins), the theme on a phone, and Sign out. One
 * menu, so the header fits a phone and Sign out is always one tap away.
 */
export function OperatorMenu({ session }: { session: SessionInfo }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  // Stays on until the page changes: the menu is gone by then.
  const [leaving, setLeaving] = useState(false);
  const { operator } = session;
  const { setColorScheme } = useMantineColorScheme();
  const next = useComputedColorScheme('light') === 'dark' ? 'light' : 'dark';
  const leave = async () => {
    setLeaving(true);
    await signOut.leave();
    // A single sign-on ends at the provider too: a full navigation, through the BFF's redirect.
    if (session.sso?.provider_logout) window.location.replace(PROVIDER_LOGOUT_PATH);
    else void navigate('/sign-in', { replace: true });
  };
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          rightSection={<ChevronDownIcon />}
          aria-label={`Operator menu: ${operator.display_name}, ${operator.role}`}
          loading={leaving}
          styles={{
            label: { maxWidth: 'min(280px, 50vw)', overflow: 'hidden', textOverflow: 'ellipsis' },
          }}
          c="var(--mantine-color-text)"
        >
          <Text span size="sm" fw={500} truncate>
            {operator.display_name}
          </Text>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            ml={6}
            visibleFrom="sm"
            styles={{ label: { textTransform: 'none' } }}
          >
            {operator.role}
          </Badge>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/sessions">
          Sessions
        </Menu.Item>
        <Menu.Item component={Link} to="/passkeys">
          Passkeys
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications">
          Notifications
        </Menu.Item>
        {(operator.role === 'admin' || operator.role === 'auditor') && (
          <Menu.Item component={Link} to="/security-events">
            Security events
          </Menu.Item>
        )}
        {(operator.role === 'admin' || operator.role === 'auditor') && (
          <Menu.Item component={Link} to="/audit">
            Audit trail
          </Menu.Item>
        )}
        {operator.role === 'admin' && (
          <Menu.Item component={Link} to="/notifications/delivery">
            Notification delivery
          </Menu.Item>
        )}
        {/* The header's own switch is not there on a phone: it would crowd the name out. */}
        <Menu.Item hiddenFrom="sm" onClick={() => setColorScheme(next)}>
          Switch to {next} theme
        </Menu.Item>
        <Menu.Item onClick={() => void leave()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
