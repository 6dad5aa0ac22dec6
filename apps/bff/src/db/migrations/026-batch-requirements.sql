-- Issue 55: a batch keeps every distinct requirement of its rows and totals (its own number of
-- approvals, roles and escalation), and is approved only once each of them is met. A batch
-- stored before has none here: it is read as the one requirement it was decided with
-- (approvals_required from approver_roles).
alter table batches add column requirements jsonb not null default '[]';
