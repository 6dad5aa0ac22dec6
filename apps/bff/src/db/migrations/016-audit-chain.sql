-- Issue 41: an audit trail no one can quietly change (ADR 022).
--
-- Every journal entry state change (and retry or resend), every approval event and every
-- security event is appended, by the database itself in the transaction of the change, as a
-- record of one of four hash chains: `journal`, `approvals`, `security`, and `audit` (what the
-- audit trail's own users did: exports, checkpoints). A record's hash is
-- sha256(previous record's hash || '\n' || content), content its canonical JSON (below).

-- The records. `content` is the canonical JSON text that was hashed, kept as text so that
-- anyone can hash the same bytes again; `position` counts from 1 in each chain.
create table audit_records (
  chain text not null check (chain in ('journal', 'approvals', 'security', 'audit')),
  position bigint not null,
  kind text not null,
  -- What it is about: the journal entry's id, the security event's id, an export's period.
  subject text,
  content text not null,
  prev_hash text not null,
  hash text not null,
  recorded_at timestamptz not null,
  primary key (chain, position)
);

-- Signed heads (ADR 022): every chain's head at one moment, as canonical JSON, and the compact
-- JWS (Ed25519, the audit key) over it.
create table audit_checkpoints (
  id bigint generated always as identity primary key,
  heads text not null,
  key_id text not null,
  jws text not null,
  signed_at timestamptz not null default now()
);

-- A timestamp as the canonical form writes it: UTC, ISO 8601, microseconds, `Z`.
create function audit_ts(t timestamptz) returns text language sql immutable as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

-- The canonical JSON of a flat object: keys in code-point order (collation "C"), no spaces,
-- strings escaped as JSON.stringify escapes them, nulls kept. Values are strings, integers or
-- null; decimals and timestamps are strings (ADR 022). Nested objects are not canonical here.
create function audit_canonical(v jsonb) returns text language sql immutable as $$
  select '{' || coalesce(string_agg(to_json(key)::text || ':' || value::text, ','
    order by key collate "C"), '') || '}'
  from jsonb_each(v)
$$;

-- Appends one record. One writer at a time for all chains: the advisory lock is held to the end
-- of the transaction. The triggers below call this at commit (deferred), so the lock is held
-- only from the first record a transaction appends to its commit, with no statement of the
-- application between; one lock for all chains means no two transactions can wait on each
-- other's chains. The head is the chain's last record, found by the primary key from its end:
-- a row of heads updated once per record would, in a statement of 100 000 rows, make every
-- later read walk all its versions. A cut tail is found against a signed checkpoint.
create function audit_append(p_chain text, p_kind text, p_subject text, p_fields jsonb)
returns text language plpgsql as $$
declare
  last_position bigint;
  last_hash text;
  body text;
  digest text;
begin
  perform pg_advisory_xact_lock(4242016);
  select r.position, r.hash into last_position, last_hash from audit_records r
    where r.chain = p_chain order by r.position desc limit 1;
  if not found then
    last_position := 0;
    last_hash := repeat('0', 64);
  end if;
  body := audit_canonical(p_fields || jsonb_build_object('chain', p_chain,
    'position', last_position + 1, 'kind', p_kind, 'subject', p_subject,
    'recorded_at', audit_ts(clock_timestamp())));
  digest := encode(sha256(convert_to(last_hash || E'\n' || body, 'UTF8')), 'hex');
  insert into audit_records (chain, position, kind, subject, content, prev_hash, hash, recorded_at)
    values (p_chain, last_position + 1, p_kind, p_subject, body, last_hash, digest,
      clock_timestamp());
  return digest;
end
$$;

-- A journal entry as it became: inserted, or its state changed.
create function audit_of_journal_entry() returns trigger language plpgsql as $$
begin
  perform audit_append('journal', case when tg_op = 'INSERT' then 'entry-created'
      else 'entry-state' end, new.id, jsonb_build_object(
    'journal_id', new.id,
    'operation', new.operation,
    'operator', new.operator,
    'ref_id', new.ref_id,
    'state', new.state,
    'previous_state', case when tg_op = 'UPDATE' then old.state end,
    'method', new.method,
    'request_path', new.request_path,
    'body_sha256', new.body_sha256,
    'attempts', new.attempts,
    'response_status', new.response_status,
    'duplicate_of', new.duplicate_of,
    'error', new.error,
    'updated_at', audit_ts(new.updated_at)));
  return null;
end
$$;

create constraint trigger audit_journal_insert after insert on journal_entries
  deferrable initially deferred for each row execute function audit_of_journal_entry();
create constraint trigger audit_journal_state after update of state on journal_entries
  deferrable initially deferred for each row when (old.state is distinct from new.state)
  execute function audit_of_journal_entry();

-- Who acted on an entry after its maker (retried, resent).
create function audit_of_journal_event() returns trigger language plpgsql as $$
begin
  perform audit_append('journal', 'entry-event', new.journal_id, jsonb_build_object(
    'event_id', new.id::text,
    'journal_id', new.journal_id,
    'event_kind', new.kind,
    'actor', new.actor,
    'actor_name', new.actor_name,
    'detail', new.detail,
    'at', audit_ts(new.at)));
  return null;
end
$$;

create constraint trigger audit_journal_event after insert on journal_events
  deferrable initially deferred for each row execute function audit_of_journal_event();

-- Every approval step: submitted, approved, rejected, cancelled, expired, sent, reopened, resent.
create function audit_of_approval_event() returns trigger language plpgsql as $$
begin
  perform audit_append('approvals', 'approval-event', new.journal_id, jsonb_build_object(
    'event_id', new.id::text,
    'journal_id', new.journal_id,
    'event_kind', new.kind,
    'actor', new.actor,
    'actor_name', new.actor_name,
    'detail', new.detail,
    'at', audit_ts(new.at)));
  return null;
end
$$;

create constraint trigger audit_approval_event after insert on approval_events
  deferrable initially deferred for each row execute function audit_of_approval_event();

-- A security event, and each further failure counted into an aggregated one.
create function audit_of_security_event() returns trigger language plpgsql as $$
begin
  perform audit_append('security', case when tg_op = 'INSERT' then 'security-event'
      else 'security-event-counted' end, new.id, jsonb_build_object(
    'event_id', new.id,
    'event_kind', new.kind,
    'at', audit_ts(new.at),
    'username', new.username,
    'actor', new.actor,
    'client_address', new.client_address,
    'user_agent', new.user_agent,
    'session_id', new.session_id,
    'request_id', new.request_id,
    'detail', new.detail,
    'count', new.count));
  return null;
end
$$;

create constraint trigger audit_security_insert after insert on security_events
  deferrable initially deferred for each row execute function audit_of_security_event();
create constraint trigger audit_security_count after update of count on security_events
  deferrable initially deferred for each row when (old.count is distinct from new.count)
  execute function audit_of_security_event();

-- Records and checkpoints are never changed or removed by the console. This stops mistakes, not
-- an attacker (who can drop it): the hashes and the signed checkpoints are what detect them.
create function audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the audit trail is append-only (% on %)', tg_op, tg_table_name;
end
$$;

create trigger audit_records_append_only before update or delete on audit_records
  for each row execute function audit_append_only();
create trigger audit_records_no_truncate before truncate on audit_records
  for each statement execute function audit_append_only();
create trigger audit_checkpoints_append_only before update or delete on audit_checkpoints
  for each row execute function audit_append_only();
create trigger audit_checkpoints_no_truncate before truncate on audit_checkpoints
  for each statement execute function audit_append_only();
