-- Security events (issue 6): sign-ins, failures, lockouts, sign-outs and sessions ended by
-- someone. Kept apart from the journal: the journal holds intents sent to the service, and its
-- states, filters and CSV would all have to learn to skip these rows.
create table security_events (
  id text primary key,
  -- Insertion order: the keyset of the newest-first pages (timestamps can tie).
  seq bigint generated always as identity unique,
  at timestamptz not null,
  kind text not null check (kind in ('sign-in', 'sign-in-failed', 'sign-in-locked',
    'sign-in-refused', 'sign-out', 'session-ended')),
  -- Whose account it is about: the username as typed for a failed sign-in (it may not exist).
  username text not null,
  -- Who did it, when another operator ended a session.
  actor text,
  client_address text,
  user_agent text,
  -- The public id of the session concerned (never its token or the token's hash).
  session_id text,
  request_id text not null,
  detail text
);

create index security_events_seq on security_events (seq desc);
create index security_events_username on security_events (username, seq desc);
create index security_events_kind on security_events (kind, seq desc);
