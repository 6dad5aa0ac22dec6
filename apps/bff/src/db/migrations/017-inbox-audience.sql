-- Issue 35: the inbox holds what concerns the operator, not everything their role may read. Each
-- change says whose inbox it belongs in (`watch/classify.ts`, the type `Audience`): everyone whose
-- role may read it, the operator who sent it (the journal entry of the same `ref_id`), its sender
-- or else everyone, or the operators who work with the profile money arrived on.
alter table live_changes add column audience text
  check (audience in ('role', 'sender', 'sender-or-role', 'profile'));
alter table live_changes add column ref_id text;
-- The changes of before were in every inbox their role may read: they stay there.
update live_changes set audience = 'role' where inbox;
update live_changes set ref_id = coalesce(payload ->> 'ref_id', payload -> 'object' ->> 'ref_id');
drop index live_changes_inbox;
alter table live_changes drop column inbox;
create index live_changes_audience on live_changes (id) where audience is not null;
