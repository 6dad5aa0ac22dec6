-- Issue 40: reconciliation. A run matches the journal's sends of a period with the service's
-- records (`reconcile/match.ts`); each difference it finds is one row here, named by its key
-- across runs, so that a difference found again is not queued again.

create table recon_runs (
  id uuid primary key,
  period_from timestamptz not null,
  period_to timestamptz not null,
  started_by text not null,
  state text not null check (state in ('running', 'done', 'failed')),
  -- Where the run has got to (the groups of ref_ids and the pages read), so that a run cut by a
  -- crash resumes without reading everything again.
  position jsonb not null default '{}',
  reads integer not null default 0,
  found integer,
  opened integer,
  closed integer,
  matched integer,
  error text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);

create table recon_differences (
  -- A UUID, as every id in the console's own routes.
  id uuid primary key,
  key text not null unique,
  kind text not null check (kind in ('absent', 'unjournaled', 'amount', 'asset', 'destination',
    'profile', 'status', 'pending', 'fills')),
  -- Of a record the journal lacks: `deposit`, `rule` or `other` (another client).
  source text check (source in ('deposit', 'rule', 'other')),
  journal_id text,
  record_type text not null check (record_type in ('transfer', 'order', 'orchestration')),
  record_id text,
  ref_id text,
  journal_value text,
  service_value text,
  detail text not null,
  -- The service's record as the run that last found it read it (null: it holds none).
  service_record jsonb,
  -- When its subject happened (the send's or the record's creation): which periods cover it.
  subject_at timestamptz not null,
  -- `open` in the queue; `resolved` by an operator with a reason; `closed` by itself, when a run
  -- covering it no longer finds it (an UNKNOWN entry the resolver settled, a pending transfer
  -- that completed).
  status text not null default 'open' check (status in ('open', 'resolved', 'closed')),
  -- Found by the last run that covered it. A resolved or closed difference found again after a
  -- run that did not find it recurs: it is opened again.
  present boolean not null default true,
  reopened integer not null default 0,
  assignee text,
  resolved_by text,
  resolved_at timestamptz,
  resolution text,
  first_run uuid not null references recon_runs (id),
  last_run uuid not null references recon_runs (id),
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index recon_differences_status on recon_differences (status, subject_at desc);
create index recon_differences_subject_at on recon_differences (subject_at);

-- Who did what to a difference, in order: assigned, resolved (with the reason), reopened,
-- closed. The queue's history, never rewritten.
create table recon_events (
  id bigint generated always as identity primary key,
  difference_id uuid not null references recon_differences (id),
  kind text not null check (kind in ('opened', 'assigned', 'resolved', 'reopened', 'closed')),
  actor text,
  reason text,
  at timestamptz not null default now()
);
create index recon_events_difference on recon_events (difference_id, id);

-- What a run has read of the service so far, kept until the run ends: a run resumed after a crash
-- reads only the steps it had not finished.
create table recon_run_records (
  run_id uuid not null references recon_runs (id) on delete cascade,
  record_type text not null,
  record_id text not null,
  record jsonb not null,
  primary key (run_id, record_type, record_id)
);

-- The sends each run found alike at the service: the export lists them beside the differences.
create table recon_matches (
  run_id uuid not null references recon_runs (id) on delete cascade,
  journal_id text not null,
  record_type text not null,
  record_id text,
  ref_id text not null,
  subject_at timestamptz not null,
  primary key (run_id, journal_id)
);
create index recon_matches_subject_at on recon_matches (subject_at);
