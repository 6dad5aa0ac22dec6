import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One section of the home page: a heading with a count, then its items or what empty means. */
export function QueueSection({
  title,
  count,
  empty,
  badgeColor = 'blue',
  children,
}: {
  title: string;
  count: number | undefined;
  empty: string;
  badgeColor?: string;
  children: ReactNode;
}) {
  const id = `queue-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge size="sm" variant="light" color={badgeColor} aria-label={`${count} items`}>
              {count}
            </Badge>
          )}
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {children}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** One item: a link naming it, then its facts on a line that wraps on a phone. */
export function QueueItem({
  to,
  label,
  children,
}: {
  to: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack
      component="li"
      gap={2}
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {label}
      </Anchor>
      <Group gap="xs" wrap="wrap">
        {children}
      </Group>
    </Stack>
  );
}
