import { Text } from '@mantine/core';

/** An amount exactly as the service wrote it, with its asset; never reformatted through a number. */
export function Amount({ value, asset }: { value: string; asset?: string | undefined }) {
  return (
    <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
      {asset ? (
        <Text span size="sm" c="dimmed" fw={600} ml={4}>
          {asset}
        </Text>
      ) : null}
    </Text>
  );
}
