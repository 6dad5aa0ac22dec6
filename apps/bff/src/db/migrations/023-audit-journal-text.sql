-- Issue 42: the journal's audit record written as text. Every journal entry is recorded twice by
-- the audit trail (created, then its outcome), in the transaction of the send. Migration 016's
-- trigger built a jsonb of the entry, and `audit_append` merged it with the record's own fields
-- and rebuilt it as text through `jsonb_each` and a sort: about a fifth of a send's CPU in the
-- database, most of it there. This trigger writes the same canonical JSON directly, keys in
-- their code-point order, each string escaped by `to_json` (the escaping jsonb's text output
-- uses), so the records, their hashes and `audit:verify` are byte for byte what they were. The
-- lock, the head and the hash are `audit_append`'s, unchanged; the other chains still use it.
create or replace function audit_of_journal_entry() returns trigger language plpgsql as $$
declare
  last_position bigint;
  last_hash text;
  body text;
  at timestamptz := clock_timestamp();
  record_kind text := case when tg_op = 'INSERT' then 'entry-created' else 'entry-state' end;
begin
  perform pg_advisory_xact_lock(4242016);
  select r.position, r.hash into last_position, last_hash from audit_records r
    where r.chain = 'journal' order by r.position desc limit 1;
  if not found then
    last_position := 0;
    last_hash := repeat('0', 64);
  end if;
  body := '{"attempts":' || new.attempts
    || ',"body_sha256":' || to_json(new.body_sha256)::text
    || ',"chain":"journal"'
    || ',"duplicate_of":' || coalesce(to_json(new.duplicate_of)::text, 'null')
    || ',"error":' || coalesce(to_json(new.error)::text, 'null')
    || ',"journal_id":' || to_json(new.id)::text
    || ',"kind":"' || record_kind || '"'
    || ',"method":' || to_json(new.method)::text
    || ',"operation":' || to_json(new.operation)::text
    || ',"operator":' || to_json(new.operator)::text
    || ',"position":' || (last_position + 1)
    || ',"previous_state":' || case when tg_op = 'UPDATE' then to_json(old.state)::text
      else 'null' end
    || ',"recorded_at":"' || audit_ts(at) || '"'
    || ',"ref_id":' || coalesce(to_json(new.ref_id)::text, 'null')
    || ',"request_path":' || to_json(new.request_path)::text
    || ',"response_status":' || coalesce(new.response_status::text, 'null')
    || ',"state":' || to_json(new.state)::text
    || ',"subject":' || to_json(new.id)::text
    || ',"updated_at":"' || audit_ts(new.updated_at) || '"}';
  insert into audit_records (chain, position, kind, subject, content, prev_hash, hash, recorded_at)
    values ('journal', last_position + 1, record_kind, new.id, body, last_hash,
      encode(sha256(convert_to(last_hash || E'\n' || body, 'UTF8')), 'hex'), at);
  return null;
end
$$;
