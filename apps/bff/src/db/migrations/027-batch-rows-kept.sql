-- Issue 55, finding 2: a batch keeps the columns of its file mapped to a field, and of a row left
-- out at upload nothing but its number and why (src/batches/batch-kept.ts). Batches stored before
-- kept every cell of every row: this removes what the console has no use for, so that no role,
-- export or backup made from now on can show it. The rows' hash, what was approved, and what was
-- sent are untouched (a sent row's request is its journal entry's).

update batch_rows r
set cells = '{}'::jsonb,
    body = null,
    error = coalesce(r.error, 'Excluded at upload.')
where r.excluded;

update batch_rows r
set cells = coalesce((
    select jsonb_object_agg(c.key, c.value)
    from jsonb_each(r.cells) c
    where coalesce(b.mapping ->> c.key, '') <> ''
  ), '{}'::jsonb)
from batches b
where b.id = r.batch_id and not r.excluded;

update batches b
set columns = coalesce((
    select jsonb_agg(c.column_name order by c.position)
    from jsonb_array_elements_text(b.columns) with ordinality as c(column_name, position)
    where coalesce(b.mapping ->> c.column_name, '') <> ''
  ), '[]'::jsonb);
