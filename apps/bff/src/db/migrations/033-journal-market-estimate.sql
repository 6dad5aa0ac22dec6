-- Issue 66: every market order of unknown notional keeps the estimate its thresholds compared
-- when it was decided (base amount at the price read then, raised by the policy's margin), as
-- JSON text, whether it was held or sent at once. A held one also has it in its request's
-- deciding rule (migration 029); one sent at once had it nowhere, so a dry run later priced it
-- at the day's price. Null for every other send, and for orders journaled before.

alter table journal_entries add column market_estimate text;
