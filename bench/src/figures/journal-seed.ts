/**
 * Fills the journal with realistic entries in one INSERT … SELECT over generate_series: a
 * statement per row would take minutes on PGlite and measure the loop, not the journal. The
 * mix follows the operations' real bodies (the moduli differ so that fields do not move in step); ~2 % rejected, a few unknown, four operators, one
 * entry every five seconds up to now.
 */
import type { Db } from '@console/bff/src/db/db';
import { exampleInput, WRITE_OPERATION_IDS, operations } from '@console/schemas';

/** The writes with a body, as the journal holds most of them. */
const SENT = WRITE_OPERATION_IDS.filter((id) => !operations[id].bodyless);

export async function seedJournal(db: Db, count: number): Promise<Date> {
  const bodies = SENT.map((id) => JSON.stringify(exampleInput(id)));
  const paths = SENT.map((id) => operations[id].path);
  const latest = new Date();
  await db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, attempts, response_status, response, error,
       request_id, created_at, updated_at)
     select gen_random_uuid()::text, ops.operation, ops.operator, initcap(ops.operator),
       gen_random_uuid()::text, ops.state, 'POST', ($2::text[])[ops.k], ($3::text[])[ops.k],
       md5(g::text) || md5(g::text), 1, case when ops.state = 'REJECTED' then 403 when ops.state = 'UNKNOWN' then null else 200 end,
       case
         when ops.state = 'UNKNOWN' then null
         when ops.state = 'REJECTED' then jsonb_build_object('type', 'https://svc.example/problems/insufficient-funds', 'status', 403)
         when ops.operation = 'createOrder' then jsonb_build_object('id', gen_random_uuid(),
           'status', (array['FILLED', 'CANCELLED', 'OPEN', 'REJECTED'])[(g / 8) % 4 + 1],
           'side', (array['BUY', 'SELL'])[(g / 32) % 2 + 1], 'market', 'BTCUSD', 'type', 'MARKET',
           'amount_filled', '0.00121', 'created_at', $4::timestamptz)
         else jsonb_build_object('id', gen_random_uuid(), 'status', 'COMPLETED', 'created_at', $4::timestamptz)
       end,
       case when ops.state = 'UNKNOWN' then 'timeout' else null end,
       gen_random_uuid()::text,
       $4::timestamptz - (($1 - g) * interval '5 seconds'),
       $4::timestamptz - (($1 - g) * interval '5 seconds')
     from generate_series(1, $1::int) as g,
       lateral (select g % ${SENT.length} + 1 as k,
         ($5::text[])[g % ${SENT.length} + 1] as operation,
         (array['alice', 'bob', 'carol', 'dave'])[(g / 3) % 4 + 1] as operator,
         case when g % 50 = 0 then 'REJECTED' when g % 500 = 7 then 'UNKNOWN' else 'SUCCEEDED' end as state
       ) as ops`,
    [count, paths, bodies, latest.toISOString(), SENT],
  );
  // Fresh planner statistics, as autovacuum would have them on a journal this size.
  await db.exec('analyze journal_entries');
  return latest;
}
