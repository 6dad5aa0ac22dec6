-- Issue 64: a payout file sent twice is seen as such, whatever its order. The rows hash covers
-- row numbers (it is what an approval is given to, in order), so the same rows in another order
-- made a new batch. Each row now keeps the key of what it pays (src/batches/batch-row-key.ts:
-- operation, source, destination, asset, amount, memo; never its number), and each batch the
-- hash of its rows' keys as a multiset, so that "the same rows as a batch of the last days" and
-- "this row was asked in an earlier batch" are indexed look-ups, not scans.
--
-- Rows stored before this migration have no key yet: the BFF computes theirs (in JavaScript, by
-- the one definition of the key) the first time it looks for repeats (batch-repeats.ts).

alter table batch_rows add column content_key text;
alter table batches add column content_hash text;

create index batch_rows_content_key on batch_rows (content_key) where content_key is not null;
create index batches_content_hash on batches (operation, content_hash, created_at desc)
  where content_hash is not null;
