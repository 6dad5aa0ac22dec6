-- Issue 38: the approval policy in the database, versioned (ADR 025). A version is a whole policy
-- document that came into force: the first seeded at start (from CONSOLE_POLICY_FILE or the
-- built-in policy), every later one a proposal journaled as a console action and approved by
-- another admin (its journal entry is `proposal_id`). Once written, a version never changes but
-- for the moment it is superseded (a trigger refuses anything else).
create table policy_versions (
  version integer primary key check (version > 0),
  -- The JSON text that was approved, byte for byte, and its SHA-256 (hex).
  document text not null,
  document_sha256 text not null,
  -- The version in force when it was proposed (null for the first).
  based_on integer references policy_versions (version),
  source text not null check (source in ('built-in', 'file', 'console')),
  reason text not null,
  proposed_by text not null,
  proposed_by_name text not null,
  proposed_at timestamptz not null,
  -- The proposal's journal entry, whose approvals say who approved it (null when seeded).
  proposal_id text,
  effective_at timestamptz not null,
  superseded_at timestamptz
);

-- One version in force at a time, in any number of processes.
create unique index policy_versions_in_force on policy_versions ((true)) where superseded_at is null;

create function policy_versions_immutable() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or old.superseded_at is not null
    or (to_jsonb(new) - 'superseded_at') is distinct from (to_jsonb(old) - 'superseded_at') then
    raise exception 'policy version % is immutable', old.version;
  end if;
  return new;
end
$$;

create trigger policy_versions_immutable before update or delete on policy_versions
  for each row execute function policy_versions_immutable();

-- A version that comes into force is a record of the audit trail's approvals chain: the proposal
-- and its approvals are there already as the journal's and the approvals' records.
create function audit_of_policy_version() returns trigger language plpgsql as $$
begin
  perform audit_append('approvals', 'policy-version', 'policy-' || new.version, jsonb_build_object(
    'version', new.version::text,
    'document_sha256', new.document_sha256,
    'based_on', new.based_on::text,
    'source', new.source,
    'proposed_by', new.proposed_by,
    'proposal_id', new.proposal_id,
    'effective_at', audit_ts(new.effective_at)));
  return null;
end
$$;

create constraint trigger audit_policy_version after insert on policy_versions
  deferrable initially deferred for each row execute function audit_of_policy_version();

-- The version a send was decided under (null: decided before versions, or under a policy given
-- in code, as tests do).
alter table journal_entries add column policy_version integer;
