-- Who acted on an entry after its maker (issue 32, findings 4 and 8): an operator who retried it,
-- or the console itself (actor null) sending its stored bytes again. The entry keeps its maker;
-- this says who did the rest, and when.
create table journal_events (
  id bigint generated always as identity primary key,
  journal_id text not null references journal_entries (id) on delete cascade,
  kind text not null check (kind in ('retried', 'resent')),
  actor text,
  actor_name text,
  detail text,
  at timestamptz not null
);

create index journal_events_journal_id on journal_events (journal_id, id);
