import { List, Stack, Text, Title } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { nextInWords, operatorZone } from './schedule-words';
import { validTiming, type TimingValues } from './timing-form';

/** The next occurrences in words and dates, as the timing stands: before review, as asked. */
export function NextOccurrences({ now }: { now: number }) {
  const values = useWatch<TimingValues>() as TimingValues;
  const timing = validTiming(values);
  if (!timing) {
    return (
      <Text size="sm" c="dimmed">
        Complete the timing to see its next occurrences.
      </Text>
    );
  }
  const shown = nextInWords(timing, now, operatorZone());
  return (
    <Stack gap={4} component="section" aria-labelledby="next-occurrences-title">
      <Title order={3} size="h5" id="next-occurrences-title">
        Next occurrences
      </Title>
      <Text size="sm">{shown.words}</Text>
      {shown.next.length === 0 ? (
        <Text size="sm" c="orange">
          None: every occurrence of this timing is in the past.
        </Text>
      ) : (
        <List size="sm" aria-label="Next occurrences" type="ordered">
          {shown.next.map((o) => (
            <List.Item key={o.at}>
              {o.there}
              {o.here && ` (your time: ${o.here})`}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
