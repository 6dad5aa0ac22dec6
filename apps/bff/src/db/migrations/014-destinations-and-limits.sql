-- Issue 37: the book of allowed destinations, and limits per operator.

-- The book. A row is written by the console action that applies an approved proposal (its
-- journal entry is `proposal_id`, its id the proposal's ref_id), or by a revocation of a
-- proposal still awaiting approval. A proposal awaiting approval is its journal entry alone.
-- COOLING_OFF and ACTIVE are not stored: an entry is usable from `usable_from` on, by the
-- clock of whoever asks, so no process has to move it when its cooling-off ends.
create table allowed_destinations (
  id text primary key,
  kind text not null check (kind in ('crypto-address', 'fiat-account', 'counterparty-profile',
    'own-profile')),
  -- The destination as one comparable text (`destinationKey`): kind and fields, exactly.
  target text not null,
  -- The destination's fields as JSON text (`DestinationTarget`).
  details text not null,
  name text not null,
  reason text not null,
  added_by text not null,
  added_by_name text not null,
  proposed_at timestamptz not null,
  proposal_id text not null references journal_entries (id) on delete cascade,
  -- When the last approval applied it, and from when money may go there; both null for a
  -- proposal revoked before it was approved.
  approved_at timestamptz,
  usable_from timestamptz,
  revoked_at timestamptz,
  revoked_by text,
  revoked_by_name text,
  revoke_reason text
);
-- One live entry per destination: a second proposal of it is refused when it is applied.
create unique index allowed_destinations_live on allowed_destinations (target)
  where revoked_at is null;
create index allowed_destinations_target on allowed_destinations (target, revoked_at desc);

-- A send past an escalating limit waits for one more approver (up to three), one of them from
-- the roles that may lift the limit (`lift_roles`; null when it was not escalated), and says why.
alter table approval_requests drop constraint approval_requests_approvers_needed_check;
alter table approval_requests add constraint approval_requests_approvers_needed_check
  check (approvers_needed between 1 and 3);
alter table approval_requests add column lift_roles text[];
alter table approval_requests add column escalation text;

-- What an approver approved in a window is summed from their approvals (approval limits).
create index approvals_approver on approvals (approver, approved_at);

alter table security_events drop constraint security_events_kind_check;
alter table security_events add constraint security_events_kind_check check (kind in ('sign-in',
  'sign-in-failed', 'sign-in-locked', 'sign-in-refused', 'sign-out', 'session-ended',
  'session-revoked', 'request-tampered', 'sso-sign-in-failed', 'sso-sign-in-refused',
  'sso-logout', 'destination-revoked'));
