-- Issue 66: a held send keeps the rule of the policy that decided it (its position, words, why it
-- matched and, for a market order, the estimate the thresholds compared), as JSON text, so that
-- the approval page names it as it was decided, not as a later price or version would decide it.
-- Null for requests held before, and for console actions, which their own rule holds.

alter table approval_requests add column deciding_rule text;
