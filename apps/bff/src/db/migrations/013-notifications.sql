-- Issue 36: nobody waits unseen. Notifications by email and chat, from an outbox that the
-- database itself fills in the transaction of what happened, delivered by one process at a time.

-- Background work that no request asks for (DESIGN.md §4a): one lease per job kind, by the
-- database's clock, taken and renewed by a conditional statement (as the journal's send leases
-- are); a lease that has passed belongs to a process that stopped, and any other may take it.
create table job_leases (
  kind text primary key,
  owner text,
  lease_until timestamptz,
  -- Where a job that follows a sequence has got to (an event cursor), written by its holder in
  -- the transaction of the work it covers. Jobs whose rows carry their own state (the outbox)
  -- leave it null.
  position text,
  updated_at timestamptz not null default now()
);

-- An SSO operator's address, from the ID token's `email` claim at their last sign-in.
alter table sso_operators add column email text;

-- What happened that someone must hear of, one row per happening, written by the triggers below
-- in the very transaction of the happening: no code path (the batched journal writes included)
-- can make one and forget the other. The lease holder expands each into messages.
create table notification_events (
  id bigint generated always as identity primary key,
  -- A later migration may add kinds (a policy change for admins): the check names them all.
  kind text not null check (kind in ('held', 'reminder', 'approved', 'rejected', 'expired',
    'unknown', 'refused', 'unsettled')),
  -- Null for a happening that is about no journal entry (none yet).
  journal_id text references journal_entries (id) on delete cascade,
  -- The entry's state when it happened (an approved send's outcome), and the approval event's
  -- detail (a rejection's reason) and actor's name.
  state text,
  detail text,
  actor_name text,
  at timestamptz not null default now(),
  expanded_at timestamptz
);
create index notification_events_unexpanded on notification_events (id) where expanded_at is null;
-- Each of these is said once per entry: an UNKNOWN entry looked at again and again, or a resend
-- of an approved one, tells nobody twice. A request held again after a reopen is a new `held`.
create unique index notification_events_once on notification_events (journal_id, kind)
  where kind <> 'held';

-- The messages, one per recipient and email, one per event for the chat channel (a shared
-- room: one post names everyone it is for). The id is the message id both channels carry, so a
-- receiver can drop the duplicate that a crash between sending and marking may cause.
create table notification_outbox (
  id uuid primary key,
  event_id bigint not null references notification_events (id) on delete cascade,
  kind text not null,
  journal_id text references journal_entries (id) on delete cascade,
  channel text not null check (channel in ('email', 'chat')),
  -- The usernames it is for: one for an email, every name a chat post addresses.
  recipients text[] not null,
  -- The email address (null for chat), as known when the message was made.
  address text,
  subject text not null,
  -- What is sent, made once when the event is expanded: every retry sends the same bytes.
  body text not null,
  state text not null default 'pending'
    check (state in ('pending', 'delivered', 'dead', 'dropped')),
  attempts integer not null default 0,
  -- When the next attempt may start; an attempt sets it ahead (the backoff) before it sends.
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index notification_outbox_due on notification_outbox (next_attempt_at)
  where state = 'pending';
create index notification_outbox_dead on notification_outbox (created_at desc)
  where state = 'dead';

-- What each operator chose, where it differs from the default (everything their role can get).
create table notification_preferences (
  username text not null,
  kind text not null,
  channel text not null,
  enabled boolean not null,
  primary key (username, kind, channel)
);

-- A journal entry held for approval (inserted so, or sent back to wait after a reopen), and the
-- outcome of a send: of an approved request (`approved`, with the state), else UNKNOWN
-- (`unknown`) or REJECTED by the service (`refused`: it answered, so `response_status` is set;
-- a refusal before anything left has none). An entry the resolver has looked at three times
-- and still left UNKNOWN is one the console could not settle by itself (`unsettled`).
create function notification_events_of_journal() returns trigger language plpgsql as $$
begin
  if new.state = 'AWAITING_APPROVAL' then
    insert into notification_events (kind, journal_id, state) values ('held', new.id, new.state);
  else
    if exists (select 1 from approval_requests where journal_id = new.id) then
      insert into notification_events (kind, journal_id, state) values ('approved', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
    elsif new.state = 'UNKNOWN' then
      insert into notification_events (kind, journal_id, state) values ('unknown', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
    elsif new.state = 'REJECTED' and new.response_status is not null then
      insert into notification_events (kind, journal_id, state) values ('refused', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
    end if;
    if new.state = 'UNKNOWN' and new.resolve_attempts >= 3 then
      insert into notification_events (kind, journal_id, state) values ('unsettled', new.id, new.state)
        on conflict (journal_id, kind) where kind <> 'held' do nothing;
    end if;
  end if;
  perform pg_notify('console_notification_event', '');
  return null;
end
$$;

create trigger notification_events_of_new_entry after insert on journal_entries
  for each row when (new.state = 'AWAITING_APPROVAL')
  execute function notification_events_of_journal();

create trigger notification_events_of_entry after update of state on journal_entries
  for each row when (old.state is distinct from new.state and (new.state = 'AWAITING_APPROVAL'
    or (old.state = 'SENDING' and new.state in ('SUCCEEDED', 'DUPLICATE', 'REJECTED', 'UNKNOWN'))))
  execute function notification_events_of_journal();

-- A decision of an approver or the console: rejected (with the reason) or expired.
create function notification_events_of_approval() returns trigger language plpgsql as $$
begin
  insert into notification_events (kind, journal_id, detail, actor_name)
    values (new.kind, new.journal_id, new.detail, new.actor_name)
    on conflict (journal_id, kind) where kind <> 'held' do nothing;
  perform pg_notify('console_notification_event', '');
  return null;
end
$$;

create trigger notification_events_of_approval_event after insert on approval_events
  for each row when (new.kind in ('rejected', 'expired'))
  execute function notification_events_of_approval();
