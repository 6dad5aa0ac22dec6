-- Issue 35: changes come to the operator. One watcher per deployment (the `watch` job lease of
-- `job_leases`) follows the service and writes what changed here; every BFF process streams the
-- rows to its browsers (ADR 021).

-- What changed at the service, one row per change, in the order the watcher (or a webhook)
-- learned it. The id is the stream's `id:`: a browser that reconnects with `Last-Event-ID` is
-- sent every row after it. Rows are written under one transaction-scoped advisory lock, so ids
-- become visible in their own order and a reader that has seen id n never later finds an n - 1.
create table live_changes (
  id bigint generated always as identity primary key,
  -- Where it was learned: `event` (List Events or a webhook read back), `transfer` (List
  -- Transfers by update time), `order` and `execution` (the open orders).
  source text not null check (source in ('event', 'transfer', 'order', 'execution')),
  -- What makes it this change and no other (the event's id, a transfer's id, status and update
  -- time, …): a change learned twice (a handover mid-page, a webhook and the poll) is one row.
  change_key text not null unique,
  -- The record it is about: `transfer`, `orchestration`, `identity`, `order`, `execution`, or
  -- `other` for an event type the console does not know (shown, never dropped).
  record_type text not null,
  record_id text not null,
  -- The event type, or `<record>.<status>` for the records followed by their update time.
  kind text not null,
  profile_id text,
  -- The record as the service gave it: masked per role on the way to each browser, never here.
  payload jsonb not null,
  -- Something an operator must act on or hear of (the inbox): a failure, an approval the
  -- service waits for, a deposit, an identity denied or disabled, an order filled.
  inbox boolean not null default false,
  at timestamptz not null default now()
);
create index live_changes_inbox on live_changes (id) where inbox;
create index live_changes_at on live_changes (at);

-- Where each of the watcher's feeds has got to, written by the lease holder in the transaction
-- of the changes it covers: a process that takes over resumes from here, repeating nothing.
create table watch_cursors (
  feed text primary key,
  position jsonb not null,
  updated_at timestamptz not null default now()
);

-- The inbox items an operator has read, server side so that it follows them to another browser.
create table inbox_reads (
  username text not null,
  change_id bigint not null references live_changes (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (username, change_id)
);

-- The streams open now, one row each, so that the cap of streams per session holds across every
-- BFF process. A stream renews its row at each heartbeat; a row not renewed for two is a stream
-- whose process stopped, and no longer counts.
create table live_streams (
  id uuid primary key,
  session_id text not null,
  seen_at timestamptz not null default now()
);
create index live_streams_session on live_streams (session_id);

-- A delivery to the service's webhook without the configured API key (issue 35).
alter table security_events drop constraint security_events_kind_check;
alter table security_events add constraint security_events_kind_check check (kind in ('sign-in',
  'sign-in-failed', 'sign-in-locked', 'sign-in-refused', 'sign-out', 'session-ended',
  'session-revoked', 'request-tampered', 'sso-sign-in-failed', 'sso-sign-in-refused',
  'sso-logout', 'destination-revoked', 'webhook-refused'));
