-- The journal (DESIGN.md §4): one row per intent, written before anything is sent.
create table journal_entries (
  id text primary key,
  -- Insertion order: the keyset of the newest-first pages (timestamps can tie).
  seq bigint generated always as identity unique,
  operation text not null,
  operator text not null,
  operator_name text not null,
  ref_id text,
  -- The approval states are reserved for maker-checker approvals.
  state text not null check (state in ('SENDING', 'SUCCEEDED', 'REJECTED', 'UNKNOWN',
    'AWAITING_APPROVAL', 'APPROVED', 'CANCELLED', 'EXPIRED')),
  method text not null,
  request_path text not null,
  -- The exact bytes that are sent, as UTF-8 text, and their SHA-256 (hex).
  request_body text not null,
  body_sha256 text not null,
  attempts integer not null default 0,
  response_status integer,
  response jsonb,
  error text,
  request_id text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- When the last attempt started and ended: the timings of the journal.
  last_sent_at timestamptz,
  last_answered_at timestamptz
);

create index journal_entries_seq on journal_entries (seq desc);
create index journal_entries_operation on journal_entries (operation, seq desc);
create index journal_entries_operation_state on journal_entries (operation, state, seq desc);
create index journal_entries_state on journal_entries (state, seq desc);
create index journal_entries_operator on journal_entries (operator, seq desc);
create index journal_entries_ref_id on journal_entries (ref_id, seq desc);
create index journal_entries_created_at on journal_entries (created_at desc, seq desc);
