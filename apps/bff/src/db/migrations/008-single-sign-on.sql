-- Issue 20: single sign-on with the company's OpenID provider.

-- A sign-in on its way through the provider: its state, nonce and PKCE verifier, kept here so
-- that any BFF process on the database can finish it. The browser holds a random handle in a
-- short-lived HttpOnly cookie; only its SHA-256 is stored. A row is deleted when its callback
-- arrives (single use) or swept once expired.
create table oidc_flows (
  handle_sha256 text primary key,
  state text not null,
  nonce text not null,
  code_verifier text not null,
  -- Where the operator goes once signed in (a path of the console).
  return_to text not null,
  client_address text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index oidc_flows_expires_at on oidc_flows (expires_at);

-- How a session began. A single sign-on session carries its operator (the provider vouches
-- for them at sign-in; there is no users-file record to look up), the provider's subject and
-- session id (back-channel logout ends sessions by them), and the ID token for the provider's
-- logout, sealed with a key derived from the session's cookie, which only the browser holds.
alter table sessions add column method text not null default 'password'
  check (method in ('password', 'sso'));
alter table sessions add column display_name text;
alter table sessions add column role text;
alter table sessions add column sso_identity text;
alter table sessions add column sso_sid text;
alter table sessions add column id_token_sealed text;
create index sessions_sso_identity on sessions (sso_identity) where sso_identity is not null;
create index sessions_sso_sid on sessions (sso_sid) where sso_sid is not null;

-- Operators known through single sign-on, as of their last sign-in: the approval recount asks
-- whether an approver still holds a role that may approve, and for them this is the answer.
create table sso_operators (
  identity text primary key,
  issuer text not null,
  subject text not null,
  display_name text not null,
  role text not null,
  last_sign_in_at timestamptz not null
);

alter table security_events drop constraint security_events_kind_check;
alter table security_events add constraint security_events_kind_check check (kind in ('sign-in',
  'sign-in-failed', 'sign-in-locked', 'sign-in-refused', 'sign-out', 'session-ended',
  'session-revoked', 'request-tampered', 'sso-sign-in-failed', 'sso-sign-in-refused',
  'sso-logout'));
