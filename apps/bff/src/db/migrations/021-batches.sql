-- Issue 39: batches. A CSV of many sends of one operation, checked row by row, approved once by
-- the hash of its normalized rows, then sent row by row by the holder of the `batch-sender` job
-- lease, each row journaled (under a ref_id derived from the batch and the row) in the
-- transaction that records its journal entry here, so that no row is ever journaled twice.

create table batches (
  -- A UUID, as every id in the console's own routes.
  id uuid primary key,
  operation text not null check (operation in ('createInternalTransfer', 'createSvcTransfer',
    'createOrchestration')),
  file_name text not null,
  state text not null check (state in ('awaiting_approval', 'rejected', 'sending', 'paused',
    'cancelled', 'done')),
  created_by text not null,
  created_by_name text not null,
  -- The file's columns in its order and the mapping the rows were read with: the results CSV
  -- repeats the columns, and the masking of a cell follows the field it maps to.
  columns jsonb not null,
  mapping jsonb not null,
  -- Hex SHA-256 of the normalized rows that are sent: what the approval is given to.
  rows_hash text not null,
  row_count integer not null,
  totals jsonb not null default '[]',
  by_destination jsonb not null default '[]',
  largest jsonb not null default '[]',
  approvals_required integer not null check (approvals_required >= 1),
  approver_roles jsonb not null,
  -- The version of the policy that decided the approvals (null: a policy given in code).
  policy_version integer,
  -- Who rejected or cancelled it, and why.
  rejected_by text,
  cancelled_by text,
  reason text,
  -- Why the sender waits, in words (the service's 429, the service unreachable since …), and
  -- until when on the database's clock; null when it does not.
  waiting_for text,
  not_before timestamptz,
  -- Since when the service has been unreachable or throttling, for the words of `waiting_for`.
  waiting_since timestamptz,
  -- How many times in a row the service was unreachable or throttled it: the backoff's exponent.
  backoff integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The same rows of the same operation are one batch: a second upload is recognised, never sent.
create unique index batches_once on batches (operation, rows_hash);
create index batches_created_at on batches (created_at desc);
create index batches_file_name on batches (operation, file_name, created_at desc);
create index batches_sending on batches (created_at) where state = 'sending';

create table batch_rows (
  batch_id uuid not null references batches (id) on delete cascade,
  -- 1-based number of the data row in the file.
  row_no integer not null check (row_no > 0),
  cells jsonb not null,
  -- The request the row sends (names resolved to ids), without its ref_id; null for a row left
  -- out at upload with problems.
  body jsonb,
  excluded boolean not null default false,
  -- Set in the one transaction that journals the row: once set, the row is never journaled again.
  ref_id text,
  journal_id text unique,
  -- A row that never got a journal entry: `not_sent` (cancelled before it left), `failed` (its
  -- request could not be built at send time, `error` says why). Otherwise its state is its
  -- journal entry's.
  state text check (state in ('not_sent', 'failed')),
  error text,
  primary key (batch_id, row_no)
);
-- The sender's next row: the rows of a batch not journaled yet, in row order.
create index batch_rows_waiting on batch_rows (batch_id, row_no)
  where journal_id is null and not excluded and state is null;

-- One row per operator who approved a batch: the key makes "one operator counts once" a fact.
create table batch_approvals (
  batch_id uuid not null references batches (id) on delete cascade,
  approver text not null,
  approver_name text not null,
  role text not null,
  rows_hash text not null,
  at timestamptz not null default now(),
  primary key (batch_id, approver)
);

-- The mapping an operator gave for a header (its columns, in order), per operation: offered
-- again at their next upload of a file with the same header.
create table batch_mappings (
  operator text not null,
  operation text not null,
  header_key text not null,
  mapping jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (operator, operation, header_key)
);

-- The pacer (`upstream/service-pace.ts`): per endpoint of the service, the next moment a paced
-- request may leave, on the database's clock, shared by every process (a GCRA with no burst).
create table service_pace (
  endpoint text primary key,
  next_slot timestamptz not null
);

-- The audit trail's approvals chain (ADR 022) records a batch's life: its upload (the rows' hash
-- and what the policy asked of it), each approval (of which hash, by whom) and each change of its
-- state (rejected, sending, paused, cancelled, done, with who and why). Its rows' sends are in the
-- journal's chain as every send is.
create function audit_of_batch() returns trigger language plpgsql as $$
begin
  perform audit_append('approvals', 'batch-uploaded', new.id::text, jsonb_build_object(
    'operation', new.operation,
    'file_name', new.file_name,
    'rows_hash', new.rows_hash,
    'row_count', new.row_count::text,
    'totals', new.totals::text,
    'created_by', new.created_by,
    'approvals_required', new.approvals_required::text,
    'approver_roles', new.approver_roles::text,
    'policy_version', new.policy_version::text,
    'at', audit_ts(new.created_at)));
  return null;
end
$$;

create constraint trigger audit_batch after insert on batches
  deferrable initially deferred for each row execute function audit_of_batch();

create function audit_of_batch_state() returns trigger language plpgsql as $$
begin
  perform audit_append('approvals', 'batch-state', new.id::text, jsonb_build_object(
    'from', old.state,
    'state', new.state,
    'rejected_by', new.rejected_by,
    'cancelled_by', new.cancelled_by,
    'reason', new.reason,
    'at', audit_ts(new.updated_at)));
  return null;
end
$$;

create constraint trigger audit_batch_state after update on batches
  deferrable initially deferred for each row when (old.state is distinct from new.state)
  execute function audit_of_batch_state();

create function audit_of_batch_approval() returns trigger language plpgsql as $$
begin
  perform audit_append('approvals', 'batch-approval', new.batch_id::text, jsonb_build_object(
    'approver', new.approver,
    'approver_name', new.approver_name,
    'role', new.role,
    'rows_hash', new.rows_hash,
    'at', audit_ts(new.at)));
  return null;
end
$$;

create constraint trigger audit_batch_approval after insert on batch_approvals
  deferrable initially deferred for each row execute function audit_of_batch_approval();
