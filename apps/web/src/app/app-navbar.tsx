import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { Role } from '@console/schemas';
import { Link, useLocation } from 'react-router';
import { useWaitingCount } from '@/features/approvals/use-approvals';
import { dutiesFor } from './nav';

/** How many requests wait for this operator's approval; nothing when none do. */
function ApprovalCount({ enabled }: { enabled: boolean }) {
  // Single requests and batches: everything that waits is one queue (issue 66).
  const count = useWaitingCount(enabled);
  if (!count) return null;
  return (
    <Badge size="sm" color="yellow" circle aria-label={`${count} waiting`}>
      {count}
    </Badge>
  );
}

/** The duties this operator's role may use; everything else is simply not offered. */
export function AppNavbar({
  operations,
  role,
  onNavigate,
}: {
  operations: string[];
  role: Role;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const duties = dutiesFor(operations, role);
  // One entry is current: the one whose path is the longest prefix of the page's (an internal
  // transfer's form is under "/transfers/…" but is not "All transfers").
  const current = duties
    .flatMap((duty) => duty.items.map((item) => item.to))
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
  const isActive = (to: string) => to === current;
  return (
    <ScrollArea component="nav" aria-label="Duties" type="auto">
      <Stack gap="sm" p="xs">
        {duties.map((duty) => (
          <div key={duty.label}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={2}>
              {duty.label}
            </Text>
            {duty.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                rightSection={item.approvals ? <ApprovalCount enabled /> : undefined}
                active={isActive(item.to)}
                aria-current={isActive(item.to) ? 'page' : undefined}
                onClick={onNavigate}
                py={4}
              />
            ))}
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}
