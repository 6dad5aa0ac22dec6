-- Issue 63: money on a schedule. A series is one write (its operation and its body without a
-- ref_id) sent at the occurrences of a timing; each edit is a new version that needs its own
-- approval, and the scheduler sends only the occurrences of a series' approved version in force.
-- Each occurrence decided is a row here, written in the transaction that journals its send (or
-- records why it was not sent): its key makes "one occurrence, one decision" a fact.

create table schedule_series (
  id uuid primary key,
  operation text not null check (operation in ('createInternalTransfer', 'createSvcTransfer',
    'createOrchestration')),
  -- Recorded actions move it: paused and resumed, cancelled for good.
  state text not null default 'active' check (state in ('active', 'paused', 'cancelled')),
  created_by text not null,
  created_by_name text not null,
  -- The approved version whose occurrences are sent; null until a first version is approved.
  version_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table schedule_versions (
  id uuid primary key,
  series_id uuid not null references schedule_series (id) on delete cascade,
  version integer not null check (version >= 1),
  -- The request each occurrence sends, without its ref_id (derived per occurrence).
  body jsonb not null,
  -- The timing (`ScheduleTimingSchema` of @console/schemas) and what a missed occurrence does.
  timing jsonb not null,
  catch_up text not null check (catch_up in ('send_once', 'skip')),
  state text not null check (state in ('awaiting_approval', 'approved', 'rejected',
    'superseded')),
  created_by text not null,
  created_by_name text not null,
  approved_by text,
  approved_by_name text,
  -- From the approval on: an occurrence due before the version was approved is not its to send.
  approved_at timestamptz,
  -- What the policy asked of it (as a batch's, ADR 027): every distinct requirement of a single
  -- occurrence's send and of the send of its total, each met before the version is in force.
  requirements jsonb not null,
  -- What the approvers are shown: the amount per occurrence, how many (null: no end), the total.
  per_occurrence jsonb,
  occurrences integer,
  total jsonb,
  -- The version of the policy that decided the approval (null: a policy given in code).
  policy_version integer,
  rejected_by text,
  reason text,
  created_at timestamptz not null default now(),
  unique (series_id, version),
  -- Four eyes: whoever made a version never approves it.
  check (approved_by is null or approved_by <> created_by)
);

-- One row per operator who approved a version: the key makes "one operator counts once" a fact.
create table schedule_approvals (
  version_id uuid not null references schedule_versions (id) on delete cascade,
  approver text not null,
  approver_name text not null,
  role text not null,
  at timestamptz not null default now(),
  primary key (version_id, approver)
);

alter table schedule_series add constraint schedule_series_version
  foreign key (version_id) references schedule_versions (id);

create table schedule_occurrences (
  version_id uuid not null references schedule_versions (id) on delete cascade,
  -- Its instant, from the timing: with the version, which occurrence it is.
  due_at timestamptz not null,
  -- 1 for the series' first occurrence under this version's timing.
  number integer not null check (number >= 1),
  -- Derived from the version and the due instant: the same in any process, at any retry.
  ref_id text not null unique,
  -- `journaled`: sent through the journal (its entry's state says how it went). `refused`: the
  -- rules in force at its time refused it, in `words`. `skipped`: an operator skipped it, or it
  -- was missed while no scheduler ran and the series says to skip what was missed.
  state text not null check (state in ('journaled', 'refused', 'skipped')),
  journal_id text unique,
  words text,
  -- Sent later than its time, after the scheduler was down (the operators are told).
  late boolean not null default false,
  decided_by text not null,
  decided_at timestamptz not null default now(),
  primary key (version_id, due_at),
  check ((state = 'journaled') = (journal_id is not null))
);

-- Pause, resume, skip one, cancel, approve and reject: each a recorded action of an operator.
create table schedule_actions (
  id bigserial primary key,
  series_id uuid not null references schedule_series (id) on delete cascade,
  version_id uuid references schedule_versions (id) on delete cascade,
  action text not null check (action in ('create', 'edit', 'approve', 'reject', 'pause',
    'resume', 'skip', 'cancel')),
  operator text not null,
  operator_name text not null,
  -- The occurrence an action was about (a skip), and why, in the operator's words.
  due_at timestamptz,
  reason text,
  at timestamptz not null default now()
);
create index schedule_actions_series on schedule_actions (series_id, id);
create index schedule_series_active on schedule_series (created_at) where state = 'active';
