-- Batches are told as single requests are (issue 36 for issue 39's batches): a batch that waits
-- for approval reaches those who may approve it (`held`), a rejected one its maker (`rejected`),
-- and one that has ended, all its rows sent or the rest cancelled, its maker with what became of
-- its rows (`batch-ended`). The events are written here, in the transaction of the change, as
-- the journal's are; the notification sender expands them.

alter table notification_events add column batch_id uuid references batches (id) on delete cascade;
alter table notification_outbox add column batch_id uuid references batches (id) on delete cascade;

alter table notification_events drop constraint notification_events_kind_check;
alter table notification_events add constraint notification_events_kind_check check (kind in (
  'held', 'reminder', 'approved', 'rejected', 'expired', 'unknown', 'refused', 'unsettled',
  'batch-ended'));

-- Each is said once per batch: a batch is held once (its rows' hash is approved, never reopened)
-- and ends once.
create unique index notification_events_batch_once on notification_events (batch_id, kind)
  where batch_id is not null;

create function notification_events_of_batch() returns trigger language plpgsql as $$
declare
  event_kind text := case
    when new.state = 'awaiting_approval' then 'held'
    when new.state = 'rejected' then 'rejected'
    else 'batch-ended' end;
begin
  insert into notification_events (kind, batch_id, state, detail, actor_name)
    values (event_kind, new.id, new.state, new.reason, coalesce(new.rejected_by, new.cancelled_by))
    on conflict (batch_id, kind) where batch_id is not null do nothing;
  if found then
    perform pg_notify('console_notification_event', '');
  end if;
  return null;
end
$$;

create trigger notification_events_of_new_batch after insert on batches
  for each row when (new.state = 'awaiting_approval')
  execute function notification_events_of_batch();

create trigger notification_events_of_batch_state after update of state on batches
  for each row when (old.state is distinct from new.state
    and new.state in ('rejected', 'done', 'cancelled'))
  execute function notification_events_of_batch();
