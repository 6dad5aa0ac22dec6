import { Card, SimpleGrid, Stack, Text, Title, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { dutiesFor } from './nav';

/** The start page: the same duties as the navigation, one card each. */
export function HomePage() {
  const { data } = useSession();
  if (!data) return null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Welcome, {data.operator.display_name}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {dutiesFor(data.operations).map((duty) => (
          <Card key={duty.label} withBorder padding="sm">
            <Title order={2} size="h5" mb={4}>
              {duty.label}
            </Title>
            <Stack gap={2}>
              {duty.items.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm">
                  {item.label}
                </Anchor>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {data.operations.length === 0 && (
        <Text size="sm" c="dimmed">
          Your role reads only: the orders and the journal are open to you.
        </Text>
      )}
    </Stack>
  );
}
