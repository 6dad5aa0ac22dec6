-- Issue 61: approvals signed with a passkey over the exact bytes (ADR 037).

-- An operator's passkeys (WebAuthn credentials). `id` is the console's own (the routes name rows by
-- UUID); `credential_id` is the one the authenticator chose (base64url); `public_key` is its COSE key as registered (base64url), kept for ever so
-- that a signature in the trail can still be checked after the passkey is revoked. A new passkey
-- is `pending` (it approves nothing) until `usable_from` passes or another admin confirms it.
create table passkeys (
  id uuid primary key,
  credential_id text not null unique,
  username text not null,
  name text not null,
  public_key text not null,
  sign_count bigint not null default 0,
  transports text[] not null default '{}',
  state text not null check (state in ('pending', 'active', 'revoked')),
  created_at timestamptz not null,
  usable_from timestamptz not null,
  last_used_at timestamptz,
  confirmed_by text,
  confirmed_at timestamptz,
  revoked_by text,
  revoked_at timestamptz
);

create index passkeys_username on passkeys (username, created_at);

-- One-use challenges: a registration's, or a decision's (the SHA-256 of its statement). Taken
-- with one DELETE … RETURNING, so that of two processes handed the same assertion only one finds
-- its challenge.
create table passkey_challenges (
  challenge text primary key,
  username text not null,
  purpose text not null check (purpose in ('register', 'decide')),
  -- The decision's canonical statement (null for a registration).
  statement text,
  expires_at timestamptz not null
);

create index passkey_challenges_expires_at on passkey_challenges (expires_at);

-- A signed decision keeps its proof with its event: the statement, the assertion
-- (authenticatorData, clientDataJSON, signature), the credential and its public key, as the
-- canonical JSON `verify-approval` reads. Chained with the event (below) and exported with it.
alter table approval_events add column proof text;

-- The event's record carries `proof` only when there is one: records of unsigned events are
-- byte for byte what migration 018 wrote. `to_jsonb(new)` since journal_events has no proof.
create or replace function audit_of_event() returns trigger language plpgsql as $$
declare
  proof text := to_jsonb(new) ->> 'proof';
begin
  perform audit_append(tg_argv[0], tg_argv[1], new.journal_id, jsonb_build_object(
    'event_id', new.id::text,
    'journal_id', new.journal_id,
    'event_kind', new.kind,
    'actor', new.actor,
    'actor_name', new.actor_name,
    'detail', new.detail,
    'at', audit_ts(new.at))
    || case when proof is null then '{}'::jsonb else jsonb_build_object('proof', proof) end);
  return null;
end
$$;

-- A request held by a rule that asks for a passkey keeps that it does: the policy may change
-- while it waits, the request is decided as it was held.
alter table approval_requests add column passkey_required boolean not null default false;

alter table security_events drop constraint security_events_kind_check;
alter table security_events add constraint security_events_kind_check check (kind in ('sign-in',
  'sign-in-failed', 'sign-in-locked', 'sign-in-refused', 'sign-out', 'session-ended',
  'session-revoked', 'request-tampered', 'sso-sign-in-failed', 'sso-sign-in-refused',
  'sso-logout', 'destination-revoked', 'webhook-refused', 'policy-loosened',
  'passkey-registered', 'passkey-confirmed', 'passkey-revoked', 'passkey-refused'));
