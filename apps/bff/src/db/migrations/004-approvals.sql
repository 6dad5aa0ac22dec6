-- Maker-checker approvals (issue 7). A journal entry in AWAITING_APPROVAL has one request row:
-- what it must collect, until when, and the hash of the bytes that approvers approve.
create table approval_requests (
  journal_id text primary key references journal_entries (id) on delete cascade,
  approvers_needed integer not null check (approvers_needed in (1, 2)),
  eligible_roles text[] not null,
  body_sha256 text not null,
  expires_at timestamptz not null
);

create index approval_requests_expires_at on approval_requests (expires_at);

-- One row per operator who approved: the unique key makes "one operator counts once" a fact of
-- the database, and each row keeps the hash its approver saw.
create table approvals (
  id bigint generated always as identity primary key,
  journal_id text not null references journal_entries (id) on delete cascade,
  approver text not null,
  approver_name text not null,
  body_sha256 text not null,
  approved_at timestamptz not null,
  unique (journal_id, approver)
);

-- Every step with who and when; actor is null for the console itself (expiry, clock rules).
create table approval_events (
  id bigint generated always as identity primary key,
  journal_id text not null references journal_entries (id) on delete cascade,
  kind text not null check (kind in ('submitted', 'approved', 'rejected', 'cancelled', 'expired',
    'sent')),
  actor text,
  actor_name text,
  detail text,
  at timestamptz not null
);

create index approval_events_journal_id on approval_events (journal_id, id);
