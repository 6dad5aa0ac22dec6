-- Issue 14: the record a change request changes (a fiat account), as the service held it when
-- the request was made, read by the BFF itself and kept with the approval request; approvers see
-- old -> new from it and are warned when the record changed at the service since.
alter table approval_requests add column snapshot text;
alter table approval_requests add column snapshot_at timestamptz;
