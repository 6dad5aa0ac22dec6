-- Issue 63: the operators are told of a scheduled occurrence that needs attention, by email and
-- chat as batches are (migration 024): one the rules in force refused at its time (`refused`),
-- one whose send the service refused (`failed`), and, after downtime, one missed and then sent
-- once, late (`missed-sent`) or skipped as its series says (`missed-skipped`). An occurrence an
-- operator skipped, or one due while its series was paused, is an operator's doing: nobody is
-- told of it. The events are written here, in the transaction that decides the occurrence or
-- settles its entry; the notification sender expands them.

alter table notification_events add column schedule_id uuid
  references schedule_series (id) on delete cascade;
-- Which occurrence of the series: its due instant.
alter table notification_events add column due_at timestamptz;

alter table notification_events drop constraint notification_events_kind_check;
alter table notification_events add constraint notification_events_kind_check check (kind in (
  'held', 'reminder', 'approved', 'rejected', 'expired', 'unknown', 'refused', 'unsettled',
  'batch-ended', 'audit-broken', 'schedule'));

-- Each occurrence is said once per happening (an occurrence is decided once, its entry fails
-- once). The event names no journal entry (`journal_id` null): the journal's own events of an
-- entry are one per kind (migration 013), and the occurrence's row names its entry.
create unique index notification_events_schedule_once
  on notification_events (schedule_id, due_at, state) where schedule_id is not null;

create function notification_events_of_occurrence() returns trigger language plpgsql as $$
declare
  event_state text := case
    when new.state = 'refused' then 'refused'
    when new.state = 'journaled' then 'missed-sent'
    else 'missed-skipped' end;
begin
  insert into notification_events (kind, schedule_id, due_at, state, detail)
    select 'schedule', v.series_id, new.due_at, event_state, new.words
    from schedule_versions v where v.id = new.version_id
    on conflict (schedule_id, due_at, state) where schedule_id is not null do nothing;
  if found then
    perform pg_notify('console_notification_event', '');
  end if;
  return null;
end
$$;

-- Decided by the scheduler (never an operator's skip): refused, or missed while it was down.
create trigger notification_events_of_new_occurrence after insert on schedule_occurrences
  for each row when (new.state = 'refused' or (new.late and new.state in ('journaled', 'skipped')))
  execute function notification_events_of_occurrence();

create function notification_events_of_occurrence_entry() returns trigger language plpgsql as $$
begin
  insert into notification_events (kind, schedule_id, due_at, state, detail)
    select 'schedule', v.series_id, o.due_at, 'failed', new.error
    from schedule_occurrences o join schedule_versions v on v.id = o.version_id
    where o.journal_id = new.id
    on conflict (schedule_id, due_at, state) where schedule_id is not null do nothing;
  if found then
    perform pg_notify('console_notification_event', '');
  end if;
  return null;
end
$$;

-- An occurrence's entry the service refused; the journal's own `refused` tells its maker too,
-- this tells the series' maker and approvers as a scheduled occurrence.
create trigger notification_events_of_occurrence_entry after update of state on journal_entries
  for each row when (new.state = 'REJECTED' and old.state is distinct from new.state)
  execute function notification_events_of_occurrence_entry();
