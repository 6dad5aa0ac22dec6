import { Text, Tooltip } from '@mantine/core';
import { formatLocal, formatUtc, toDate } from '@/lib/format-time';

/** A time in the operator's zone, UTC on hover; unreadable text is shown as it came. */
export function LocalTime({ value, size = 'sm' }: { value: string | number; size?: string }) {
  const date = toDate(value);
  if (!date) {
    return (
      <Text span size={size}>
        {String(value)}
      </Text>
    );
  }
  const utc = formatUtc(date);
  return (
    <Tooltip label={utc}>
      <Text
        span
        size={size}
        component="time"
        dateTime={date.toISOString()}
        title={utc}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatLocal(date)}
      </Text>
    </Tooltip>
  );
}
