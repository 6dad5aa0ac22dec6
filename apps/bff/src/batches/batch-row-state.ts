/**
 * A batch row's state in SQL, shared by the store's reads and the look-up of rows repeated from
 * earlier batches (`batch-repeats.ts`), which names an earlier row's state by it. It reads `r`
 * (batch_rows), `b` (batches) and `e` (the row's journal entry, left joined).
 */

/**
 * A row's state: its journal entry's once it has one, else what the row says. An entry that
 * was REJECTED with no attempt (the console's budget had no room, nothing left) waits to be sent
 * again, unless the batch was cancelled meanwhile.
 */
export const ROW_STATE = `case
  when r.excluded then 'excluded'
  when r.journal_id is null then coalesce(r.state,
    case when b.state in ('cancelled', 'rejected') then 'not_sent' else 'waiting' end)
  when e.state in ('SUCCEEDED', 'DUPLICATE') then 'succeeded'
  when e.state = 'UNKNOWN' then 'unknown'
  when e.state = 'REJECTED' and e.attempts = 0 and e.response_status is null then
    case when b.state = 'cancelled' then 'not_sent' else 'waiting' end
  when e.state = 'REJECTED' then 'failed'
  else 'sent'
end`;
