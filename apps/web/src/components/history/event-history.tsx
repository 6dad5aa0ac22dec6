import { Text, Timeline } from '@mantine/core';
import { personLabel } from '@/lib/person';
import { LocalTime } from '../result/local-time';

/** One step of a history: what, who (null for the console itself), why, when. */
export interface HistoryEvent<K extends string> {
  kind: K;
  actor: string | null;
  actor_name: string | null;
  detail: string | null;
  at: string;
}

/**
 * Every step of a request with who and when: an approval's, or a journal entry's after its maker
 * sent it. Each person is named with their stable identity beside their name.
 */
export function EventHistory<K extends string>({
  events,
  verbs,
  label,
}: {
  events: HistoryEvent<K>[];
  verbs: Record<K, string>;
  label: string;
}) {
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label={label}>
      {events.map((event, index) => (
        <Timeline.Item key={index} title={verbs[event.kind]}>
          <Text size="sm">
            {event.actor ? `by ${personLabel(event.actor, event.actor_name)}` : 'by the console'}
            {event.detail ? `: ${event.detail}` : ''}
          </Text>
          <LocalTime value={event.at} size="xs" />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
