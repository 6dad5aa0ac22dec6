-- Every BFF process keeps the sessions it has seen in memory: a query per request was a fifth
-- of a read's cost. A session that ends, by whatever path (sign-out, an operator removed, an
-- admin ending it, a sweep), tells every process on the database at once, so that none goes on
-- trusting it. Only last_seen_at moves without a notice: it can only make a session live longer.
create function sessions_notify_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('console_session_changed', old.id);
  elsif row(new.ended_at, new.expires_at, new.generation, new.username, new.token_sha256)
      is distinct from row(old.ended_at, old.expires_at, old.generation, old.username,
        old.token_sha256) then
    perform pg_notify('console_session_changed', new.id);
  end if;
  return null;
end
$$;

create trigger sessions_notify_changed after update or delete on sessions
  for each row execute function sessions_notify_changed();
