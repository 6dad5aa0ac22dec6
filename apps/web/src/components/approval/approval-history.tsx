import type { ApprovalEvent } from '@console/schemas';
import { EventHistory } from '../history/event-history';

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
  return <EventHistory events={events} verbs={VERBS} label="Approval history" />;
}
