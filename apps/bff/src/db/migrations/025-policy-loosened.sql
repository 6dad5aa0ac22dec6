-- A version of the approval policy that lets sends through with fewer approvals than the one in
-- force (issue 55): recorded when it is proposed and when it comes into force.
alter table security_events drop constraint security_events_kind_check;
alter table security_events add constraint security_events_kind_check check (kind in ('sign-in',
  'sign-in-failed', 'sign-in-locked', 'sign-in-refused', 'sign-out', 'session-ended',
  'session-revoked', 'request-tampered', 'sso-sign-in-failed', 'sso-sign-in-refused',
  'sso-logout', 'destination-revoked', 'webhook-refused', 'policy-loosened'));
