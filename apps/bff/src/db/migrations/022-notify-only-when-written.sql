-- Issue 42: a notice only when an event was written. Migration 013's trigger on journal entries
-- sent `console_notification_event` for every outcome of a send, a success included, though it
-- writes an event only for a hold, an approved request's outcome, UNKNOWN, a refusal and an
-- unsettled entry. Every process listening then looked for work (four statements) once per
-- successful send: under load the notifier never stopped looking, for nothing. The events
-- written are the same as before; only the notice is now sent when one was.
create or replace function notification_events_of_journal() returns trigger language plpgsql as $$
declare
  written boolean := false;
begin
  if new.state = 'AWAITING_APPROVAL' then
    insert into notification_events (kind, journal_id, state) values ('held', new.id, new.state);
    written := true;
  else
    if exists (select 1 from approval_requests where journal_id = new.id) then
      insert into notification_events (kind, journal_id, state) values ('approved', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
      written := found;
    elsif new.state = 'UNKNOWN' then
      insert into notification_events (kind, journal_id, state) values ('unknown', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
      written := found;
    elsif new.state = 'REJECTED' and new.response_status is not null then
      insert into notification_events (kind, journal_id, state) values ('refused', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
      written := found;
    end if;
    if new.state = 'UNKNOWN' and new.resolve_attempts >= 3 then
      insert into notification_events (kind, journal_id, state) values ('unsettled', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
      written := written or found;
    end if;
  end if;
  if written then
    perform pg_notify('console_notification_event', '');
  end if;
  return null;
end
$$;
