-- Issue 16: any number of BFF processes on one database. An entry is sent only by the process
-- that holds its lease (docs/decisions/011-send-leases.md).

-- The process holding the entry (an id made per process at start) and until when, by the
-- database's clock: the lease is taken in the statement that moves the entry to SENDING (or, for
-- APPROVED, keeps it), renewed while the request is in flight and released with the outcome. An
-- entry whose lease has passed belongs to a process that stopped: any resolver may take it.
-- Entries left SENDING before this migration have no owner: they are free to take at once.
alter table journal_entries add column owner text;
alter table journal_entries add column lease_until timestamptz;

-- UNKNOWN entries are looked at again by every process's resolver: not before resolve_after,
-- which backs off with each look (resolve_attempts), so an unreachable service is not hammered.
alter table journal_entries add column resolve_after timestamptz;
alter table journal_entries add column resolve_attempts integer not null default 0;

-- A second outcome reported for an entry that already has another one (a process whose lease was
-- taken over got its answer after all) is kept here, and counted on the entry for operators.
alter table journal_entries add column outcome_conflicts integer not null default 0;
create table journal_outcome_conflicts (
  id bigint generated always as identity primary key,
  journal_id text not null references journal_entries (id) on delete cascade,
  at timestamptz not null default now(),
  state text not null,
  response_status integer,
  response_text text,
  error text,
  -- The process that reported it (the owner id, never an operator or a secret).
  reported_by text not null
);
create index journal_outcome_conflicts_journal_id on journal_outcome_conflicts (journal_id, id);
