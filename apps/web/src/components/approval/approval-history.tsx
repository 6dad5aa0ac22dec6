import { Text, Timeline } from '@mantine/core';
import type { ApprovalEvent } from '@console/schemas';
import { LocalTime } from '../result/local-time';

const VERBS: Record<ApprovalEvent['kind'], string> = {
  submitted: 'Submitted for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
  sent: 'Sent to the service',
  reopened: 'Waits for approval again',
  resent: 'Sent again',
};

/** Every step of a request that needed approval, with who and when. */
export function ApprovalHistory({ events }: { events: ApprovalEvent[] }) {
  return (
    <Timeline
      active={events.length - 1}
      bulletSize={14}
      lineWidth={2}
      aria-label="Approval history"
    >
      {events.map((event, index) => (
        <Timeline.Item key={index} title={VERBS[event.kind]}>
          <Text size="sm">
            {event.actor ? `by ${event.actor_name || event.actor}` : 'by the console'}
            {event.detail ? `: ${event.detail}` : ''}
          </Text>
          <LocalTime value={event.at} size="xs" />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
