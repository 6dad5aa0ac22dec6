-- Issue 64: each difference once. A transfer made at the service by another client was queued
-- once per leg (its debit and its credit, the same group_id); a record and the legs of its group
-- (a transfer's credit under its debit, an orchestration's transfers, a deposit's conversion) are
-- now one difference, whoever made them, and the difference names its legs
-- (src/reconcile/record-groups.ts). Differences queued before keep no legs; a credit leg queued
-- on its own is not found again by the next run that covers it, and closes by itself.

alter table recon_differences add column legs jsonb not null default '[]';
