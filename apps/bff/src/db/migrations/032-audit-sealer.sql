-- Issue 57: the audit trail off the send path (ADR 022). Until now every audited commit took
-- the one advisory lock of all chains (`audit_append`, migration 023's journal trigger), read its
-- chain's head and hashed, so every commit of every process waited on every other. Now the
-- triggers, still deferred to commit and still in the transaction of the change, write the
-- record unsealed into `audit_pending`: its canonical content without its position, no lock, no
-- head. The sealer (`audit/audit-sealer.ts`, one process under the `audit-seal` job lease)
-- calls `audit_seal`, which takes the lock, numbers the pending records in id order, hashes them
-- onto their chains exactly as before and deletes them, in one transaction.

-- A record not yet chained. Its content is `content_head || position || content_tail`: the
-- canonical JSON of migration 016 with the position left out, split where the position goes
-- (the keys before "position" in code-point order, and those after). `recorded_at` is the
-- change's own time, as it was when appended at commit.
create table audit_pending (
  id bigint generated always as identity primary key,
  chain text not null check (chain in ('journal', 'approvals', 'security', 'audit')),
  kind text not null,
  subject text,
  content_head text not null,
  content_tail text not null,
  recorded_at timestamptz not null
);

-- The same fields `audit_append` chained (migration 016), now written pending. A key
-- "position" in `p_fields` is dropped, as the chained position overwrote it before.
create or replace function audit_append(p_chain text, p_kind text, p_subject text, p_fields jsonb)
returns text language plpgsql as $$
declare
  at timestamptz := clock_timestamp();
  v jsonb := p_fields || jsonb_build_object('chain', p_chain, 'kind', p_kind,
    'subject', p_subject, 'recorded_at', audit_ts(at));
begin
  insert into audit_pending (chain, kind, subject, content_head, content_tail, recorded_at)
    select p_chain, p_kind, p_subject,
      '{' || string_agg(to_json(key)::text || ':' || value::text, ','
        order by key collate "C") filter (where key collate "C" < 'position')
        || ',"position":',
      ',' || string_agg(to_json(key)::text || ':' || value::text, ','
        order by key collate "C") filter (where key collate "C" > 'position') || '}',
      at
    from jsonb_each(v);
  return null;
end
$$;

-- Migration 023's journal record, the same text, written pending.
create or replace function audit_of_journal_entry() returns trigger language plpgsql as $$
declare
  at timestamptz := clock_timestamp();
  record_kind text := case when tg_op = 'INSERT' then 'entry-created' else 'entry-state' end;
begin
  insert into audit_pending (chain, kind, subject, content_head, content_tail, recorded_at)
  values ('journal', record_kind, new.id,
    '{"attempts":' || new.attempts
    || ',"body_sha256":' || to_json(new.body_sha256)::text
    || ',"chain":"journal"'
    || ',"duplicate_of":' || coalesce(to_json(new.duplicate_of)::text, 'null')
    || ',"error":' || coalesce(to_json(new.error)::text, 'null')
    || ',"journal_id":' || to_json(new.id)::text
    || ',"kind":"' || record_kind || '"'
    || ',"method":' || to_json(new.method)::text
    || ',"operation":' || to_json(new.operation)::text
    || ',"operator":' || to_json(new.operator)::text
    || ',"position":',
    ',"previous_state":' || case when tg_op = 'UPDATE' then to_json(old.state)::text
      else 'null' end
    || ',"recorded_at":"' || audit_ts(at) || '"'
    || ',"ref_id":' || coalesce(to_json(new.ref_id)::text, 'null')
    || ',"request_path":' || to_json(new.request_path)::text
    || ',"response_status":' || coalesce(new.response_status::text, 'null')
    || ',"state":' || to_json(new.state)::text
    || ',"subject":' || to_json(new.id)::text
    || ',"updated_at":"' || audit_ts(new.updated_at) || '"}',
    at);
  return null;
end
$$;

-- Seals up to `p_limit` pending records, oldest id first, and returns how many. The lock is the
-- one the appenders took before (and the checkpoints still take to read the heads): held here
-- by the sealer alone, so two sealers never number the same position. Taken before the pending
-- rows are read, so a sealer that waited reads what the other left. A record committed late
-- with a lower id is sealed by a later call, after those sealed already.
create function audit_seal(p_limit integer) returns integer language plpgsql as $$
declare
  p record;
  last_position bigint;
  last_hash text;
  body text;
  sealed bigint[] := '{}';
begin
  perform pg_advisory_xact_lock(4242016);
  for p in select * from audit_pending order by id limit p_limit loop
    select r.position, r.hash into last_position, last_hash from audit_records r
      where r.chain = p.chain order by r.position desc limit 1;
    if not found then
      last_position := 0;
      last_hash := repeat('0', 64);
    end if;
    body := p.content_head || (last_position + 1) || p.content_tail;
    insert into audit_records (chain, position, kind, subject, content, prev_hash, hash,
        recorded_at)
      values (p.chain, last_position + 1, p.kind, p.subject, body, last_hash,
        encode(sha256(convert_to(last_hash || E'\n' || body, 'UTF8')), 'hex'), p.recorded_at);
    sealed := sealed || p.id;
  end loop;
  delete from audit_pending where id = any(sealed);
  return coalesce(array_length(sealed, 1), 0);
end
$$;

-- A pending record is removed by sealing only; it is never changed. As for the records, this
-- stops mistakes, not an attacker (ADR 022 says what binding does about one).
create trigger audit_pending_unchanged before update on audit_pending
  for each row execute function audit_append_only();
