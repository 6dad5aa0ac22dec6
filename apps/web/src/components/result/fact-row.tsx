import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on one line, as the result and approval cards list their facts. */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed" w={120}>
        {label}
      </Text>
      {children}
    </Group>
  );
}
