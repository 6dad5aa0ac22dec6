-- Issue 64: a statement as reconciliation's third side. A bank's or custodian's statement of a
-- period is kept as the lines matching needs (never a column the mapping left out: a
-- counterparty's name, an account number), matched when the run over its period has read the
-- service (src/reconcile/statement-match.ts); each difference is kept once, with what the
-- journal, the service and the statement each say of it.

-- The column mapping last used for a source, proposed again for its next statement.
create table recon_statement_mappings (
  source text primary key,
  mapping jsonb not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);

create table recon_statements (
  id uuid primary key,
  source text not null,
  file_name text not null,
  period_from timestamptz not null,
  period_to timestamptz not null,
  -- The run that reads the service for it: the statement is matched with what that run read.
  run_id uuid not null references recon_runs (id) on delete cascade,
  state text not null check (state in ('matching', 'matched', 'failed')),
  lines integer not null,
  matched integer,
  differences integer,
  uploaded_by text not null,
  uploaded_at timestamptz not null default now(),
  matched_at timestamptz
);
create index recon_statements_run on recon_statements (run_id) where state = 'matching';

create table recon_statement_lines (
  statement_id uuid not null references recon_statements (id) on delete cascade,
  line integer not null,
  booked_on date not null,
  amount text not null,
  asset text not null,
  direction text check (direction in ('in', 'out')),
  reference text,
  description text,
  primary key (statement_id, line)
);

create table recon_statement_differences (
  statement_id uuid not null references recon_statements (id) on delete cascade,
  key text not null,
  kind text not null check (kind in ('amount', 'date', 'reference', 'missing_statement',
    'missing_service', 'missing_journal')),
  line integer,
  journal_id text,
  record_id text,
  -- Each side as it states the thing (date, amount, asset, reference, note); null: it has none.
  journal_side jsonb,
  service_side jsonb,
  statement_side jsonb,
  detail text not null,
  primary key (statement_id, key)
);
