-- Issue 57: the scheduled verification of the audit trail tells the admins, by email and chat,
-- when the trail or its binding to the rows fails (`state` 'broken', `detail` what fails), and
-- when it verifies again after that (`state` 'verified'). Such an event is about no journal
-- entry and no batch; the verifier writes it, not a trigger.

alter table notification_events drop constraint notification_events_kind_check;
alter table notification_events add constraint notification_events_kind_check check (kind in (
  'held', 'reminder', 'approved', 'rejected', 'expired', 'unknown', 'refused', 'unsettled',
  'batch-ended', 'audit-broken'));
