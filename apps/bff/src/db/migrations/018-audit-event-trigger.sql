-- One trigger function for the two event tables of the audit trail (migration 016): a journal
-- entry's events (retried, resent) and an approval's (submitted, approved, …) have the same
-- columns and go into the trail the same way; only the chain and the kind differ, and those are
-- the trigger's arguments. The records written are byte for byte what the two functions wrote.
create function audit_of_event() returns trigger language plpgsql as $$
begin
  perform audit_append(tg_argv[0], tg_argv[1], new.journal_id, jsonb_build_object(
    'event_id', new.id::text,
    'journal_id', new.journal_id,
    'event_kind', new.kind,
    'actor', new.actor,
    'actor_name', new.actor_name,
    'detail', new.detail,
    'at', audit_ts(new.at)));
  return null;
end
$$;

drop trigger audit_journal_event on journal_events;
create constraint trigger audit_journal_event after insert on journal_events
  deferrable initially deferred for each row execute function audit_of_event('journal', 'entry-event');
drop function audit_of_journal_event();

drop trigger audit_approval_event on approval_events;
create constraint trigger audit_approval_event after insert on approval_events
  deferrable initially deferred for each row execute function audit_of_event('approvals', 'approval-event');
drop function audit_of_approval_event();
