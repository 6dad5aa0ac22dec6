-- Fewer journal indexes (issue 8, the cost of a send): every index is written by the insert of a
-- send, and again by its outcome update (the state changes, so that update is never HOT).
-- `journal_entries_seq (seq desc)` duplicates the index of the unique constraint on `seq`: a
-- b-tree is read backwards just as well, so the unfiltered newest-first page and the keyset
-- `seq < $n` use that one (checked with EXPLAIN on PGlite). The filtered pages keep their
-- indexes: operation, operation + state, state, operator, ref_id and created_at.
drop index if exists journal_entries_seq;
