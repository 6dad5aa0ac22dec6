-- Issue 15: security and approvals.

-- The service's answer as it came (7): recording it can never fail on its content. `response`
-- (jsonb) holds it parsed only when PostgreSQL can (no \u0000, no unpaired surrogate).
alter table journal_entries add column response_text text;

-- One intent, one success (10): a second entry of an intent that already SUCCEEDED is recorded
-- as DUPLICATE and points at the first; the unique index makes "one success" a fact of the
-- database, whatever the number of processes.
alter table journal_entries add column duplicate_of text;
alter table journal_entries drop constraint journal_entries_state_check;
alter table journal_entries add constraint journal_entries_state_check check (state in ('SENDING',
  'SUCCEEDED', 'REJECTED', 'UNKNOWN', 'AWAITING_APPROVAL', 'APPROVED', 'CANCELLED', 'EXPIRED',
  'DUPLICATE'));
update journal_entries e set state = 'DUPLICATE', duplicate_of = (
    select f.id from journal_entries f
    where f.operation = e.operation and f.ref_id = e.ref_id and f.state = 'SUCCEEDED'
    order by f.seq limit 1)
  where e.state = 'SUCCEEDED' and e.ref_id is not null and exists (
    select 1 from journal_entries f
    where f.operation = e.operation and f.ref_id = e.ref_id and f.state = 'SUCCEEDED'
      and f.seq < e.seq);
create unique index journal_entries_one_success on journal_entries (operation, ref_id)
  where state = 'SUCCEEDED' and ref_id is not null;

-- Sessions belong to one operator record (3): the generation of the record at sign-in. A
-- session whose operator was removed, re-added, given another role or password is dead.
alter table sessions add column generation text not null default '';

-- Counters shared by every BFF process on this database (1, 2): sign-in attempts per username
-- and source, per source and per username, and the send rate per operator. Each is changed by
-- one atomic statement; rows past their window are swept.
create table security_counters (
  key text primary key,
  -- Window counters: hits since the window began; it ends at window_ends. max_hits and lock_ms
  -- are the counter's limit (null: never locks), locked_until the end of a lock once past it.
  hits integer not null default 0,
  window_ends timestamptz not null,
  max_hits integer,
  lock_ms integer,
  locked_until timestamptz,
  -- Rate limits (GCRA): the theoretical arrival time of the next request.
  tat timestamptz
);
create index security_counters_window_ends on security_counters (window_ends);

-- Security events aggregated (5): unauthenticated failures are one row per kind, username,
-- address and minute, with a count.
alter table security_events add column count integer not null default 1;
alter table security_events add column bucket timestamptz;
create unique index security_events_bucket on security_events (kind, username, client_address, bucket)
  where bucket is not null;
create index security_events_bucket_only on security_events (bucket) where bucket is not null;
-- Settings the console makes for itself, once per database (the key of the short hashes that
-- stand in for unknown usernames in the security events).
create table console_settings (name text primary key, value text not null);
alter table security_events drop constraint security_events_kind_check;
alter table security_events add constraint security_events_kind_check check (kind in ('sign-in',
  'sign-in-failed', 'sign-in-locked', 'sign-in-refused', 'sign-out', 'session-ended',
  'session-revoked', 'request-tampered'));

-- The approval binds the whole request (12): operation, method, path and body bytes.
alter table approval_requests add column request_sha256 text;
alter table approvals add column request_sha256 text;
update approval_requests r set request_sha256 = encode(sha256(convert_to(
    e.operation || E'\n' || e.method || E'\n' || e.request_path || E'\n' || e.request_body, 'UTF8')), 'hex')
  from journal_entries e where e.id = r.journal_id;
update approvals a set request_sha256 = r.request_sha256
  from approval_requests r where r.journal_id = a.journal_id and r.body_sha256 = a.body_sha256;
alter table approval_requests alter column request_sha256 set not null;
alter table approval_events drop constraint approval_events_kind_check;
alter table approval_events add constraint approval_events_kind_check check (kind in ('submitted',
  'approved', 'rejected', 'cancelled', 'expired', 'sent', 'reopened', 'resent'));
