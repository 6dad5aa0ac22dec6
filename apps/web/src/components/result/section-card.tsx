import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a record's page (fills, journal, transfers), named for assistive technology. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
