-- Operator sessions. The cookie holds a random token; only its SHA-256 is stored, so a copy of
-- the database does not hand out sessions. `id` names a session to its owner (to end it).
create table sessions (
  id text primary key,
  token_sha256 text not null unique,
  username text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- Absolute end; the idle end is last_seen_at plus the idle timeout.
  expires_at timestamptz not null,
  ended_at timestamptz,
  client_address text,
  user_agent text
);

create index sessions_username on sessions (username);
