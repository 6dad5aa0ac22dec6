-- Issue 62: money moved per UTC day, operation and asset, kept up to date as the journal is
-- written (ADR 036), so that the Insights page reads a few hundred rows, never the journal.
-- A send's transaction only appends its own row (`insight_money_entries`): no row another send
-- also writes, so concurrent sends of an asset never wait on each other. The holder of the
-- `insights-roll` job lease folds those rows into the days every few seconds; a read sums the
-- days and the rows not folded yet in one statement, so it sees a send as soon as it commits.
-- A send counts once the service accepted it: SUCCEEDED. A DUPLICATE repeats an intent that
-- counts already; SENDING, UNKNOWN and the approval states may still never move anything.

-- The operations that move money out of a profile, and where their bodies carry the amount and
-- the asset: the registry's `approval.amount` of the limited operations (`LIMITED_OPERATIONS`),
-- which a test holds this table to.
create table insight_money_operations (
  operation text primary key,
  amount_key text not null,
  asset_key text not null
);
insert into insight_money_operations values
  ('createInternalTransfer', 'amount', 'asset'),
  ('createSvcTransfer', 'amount', 'asset'),
  ('createOrchestration', 'source_amount', 'source_asset');

-- Append-only: each time a send enters SUCCEEDED, its amount (and its USD at the price known
-- then, null when none was), `sends` +1; each time it leaves SUCCEEDED, the negation of what its
-- last entering added (whatever prices say by then), `sends` -1. `rolled` once folded into the
-- days, in the roller's transaction: rows are kept, so a reversal always finds what to negate.
create table insight_money_entries (
  seq bigint generated always as identity primary key,
  journal_id text not null,
  day date not null,
  operation text not null,
  asset text not null,
  amount numeric not null,
  usd numeric,
  sends smallint not null check (sends in (1, -1)),
  rolled boolean not null default false
);
create index insight_money_entries_journal on insight_money_entries (journal_id);
-- What the roller and the reads look at: a few rows, whatever the table holds.
create index insight_money_entries_unrolled on insight_money_entries (seq) where not rolled;

-- The rollup the page reads: decimal sums (numeric, never float), the count, the USD total of
-- the sends that had a price, and how many had none.
create table insight_money_days (
  day date not null,
  operation text not null,
  asset text not null,
  amount numeric not null,
  sends integer not null,
  usd numeric not null,
  unpriced integer not null,
  primary key (day, operation, asset)
);

-- A market's price in the shared market data (migration 012), as the order form reads it: the
-- midpoint of the best bid and ask, else the last execution's price; null when none is stored.
create function insight_ticker_price(market text) returns numeric language sql stable as $$
  select case
    when t.bid ~ '^[0-9]*\.?[0-9]+$' and t.ask ~ '^[0-9]*\.?[0-9]+$'
      then (t.bid::numeric + t.ask::numeric) / 2
    when t.last ~ '^[0-9]*\.?[0-9]+$' then t.last::numeric
  end
  from (select body #>> '{best_bid,price}' as bid, body #>> '{best_ask,price}' as ask,
          body #>> '{last_execution,price}' as last
        from market_data where path = '/v2/markets/' || market || '/ticker') t
$$;

-- One unit of `asset` in USD: 1 for USD, its USD market's price, else across BTC (a fiat with no
-- USD market: BTCUSD over BTC<asset>), rounded to 8 places; null when no price is known.
create function insight_usd_price(asset text) returns numeric language sql stable as $$
  select case when asset = 'USD' then 1::numeric
    else coalesce(insight_ticker_price(asset || 'USD'),
      round(insight_ticker_price('BTCUSD') / nullif(insight_ticker_price('BTC' || asset), 0), 8))
  end
$$;

-- One row per entry that enters or leaves SUCCEEDED, fired only then (the triggers' WHEN) and
-- only for the operations that move money (the WHEN's list is `insight_money_operations`'
-- operations, which a test holds it to). An entry counts on its day (its created_at in UTC: an
-- outcome that arrives late changes its own day); a body without a decimal amount and an asset
-- counts nowhere rather than failing the write.
create function insight_money_append() returns trigger language plpgsql as $$
declare
  f insight_money_operations;
  body jsonb;
  amount text;
  asset text;
begin
  if new.state = 'SUCCEEDED' then
    select * into f from insight_money_operations o where o.operation = new.operation;
    if not found or left(ltrim(new.request_body), 1) <> '{' then return null; end if;
    body := new.request_body::jsonb;
    amount := body ->> f.amount_key;
    asset := body ->> f.asset_key;
    if amount is null or amount !~ '^[0-9]*\.?[0-9]+$' or coalesce(asset, '') = '' then
      return null;
    end if;
    insert into insight_money_entries (journal_id, day, operation, asset, amount, usd, sends)
    values (new.id, (new.created_at at time zone 'UTC')::date, new.operation, asset,
      amount::numeric, amount::numeric * insight_usd_price(asset), 1);
  else
    -- Left SUCCEEDED: the negation of its last entering, if it still counts.
    insert into insight_money_entries (journal_id, day, operation, asset, amount, usd, sends)
    select e.journal_id, e.day, e.operation, e.asset, -e.amount, -e.usd, -1
    from insight_money_entries e
    where e.journal_id = old.id and e.sends = 1
      and (select sum(c.sends) from insight_money_entries c where c.journal_id = old.id) > 0
    order by e.seq desc limit 1;
  end if;
  return null;
end
$$;

create trigger insight_money_insert after insert on journal_entries for each row
  when (new.state = 'SUCCEEDED'
    and new.operation in ('createInternalTransfer', 'createSvcTransfer', 'createOrchestration'))
  execute function insight_money_append();
create trigger insight_money_update after update of state on journal_entries for each row
  when ((old.state = 'SUCCEEDED') <> (new.state = 'SUCCEEDED')
    and new.operation in ('createInternalTransfer', 'createSvcTransfer', 'createOrchestration'))
  execute function insight_money_append();

-- Folds up to `batch` rows not folded yet into the days, in this transaction: the rows taken
-- `for update skip locked` (two rollers never take the same row; a row a send has not committed
-- is not seen) and marked rolled in the same statement, the days' rows upserted in key order
-- (two rollers lock them in the same order). Returns how many rows it folded.
create function insight_money_roll(batch integer) returns integer language plpgsql as $$
declare
  folded integer;
begin
  with picked as (
    select seq from insight_money_entries where not rolled
    order by seq limit batch for update skip locked
  ), marked as (
    update insight_money_entries e set rolled = true from picked p where e.seq = p.seq
    returning e.day, e.operation, e.asset, e.amount, e.usd, e.sends
  ), sums as (
    select day, operation, asset, sum(amount) as amount, sum(sends) as sends,
      coalesce(sum(usd), 0) as usd, sum(case when usd is null then sends else 0 end) as unpriced
    from marked group by day, operation, asset
  ), upserted as (
    insert into insight_money_days as m (day, operation, asset, amount, sends, usd, unpriced)
      select day, operation, asset, amount, sends, usd, unpriced
      from sums order by day, operation, asset
    on conflict (day, operation, asset) do update set amount = m.amount + excluded.amount,
      sends = m.sends + excluded.sends, usd = m.usd + excluded.usd,
      unpriced = m.unpriced + excluded.unpriced
    returning 1
  )
  select count(*) into folded from marked;
  return folded;
end
$$;

-- The sends the journal already holds: counted in their days, without a price (none was kept
-- when they were written) unless their asset is USD, and folded at once.
insert into insight_money_entries (journal_id, day, operation, asset, amount, usd, sends, rolled)
  select e.id, (e.created_at at time zone 'UTC')::date, e.operation,
    e.request_body::jsonb ->> o.asset_key, (e.request_body::jsonb ->> o.amount_key)::numeric,
    case when e.request_body::jsonb ->> o.asset_key = 'USD'
      then (e.request_body::jsonb ->> o.amount_key)::numeric end, 1, true
  from journal_entries e join insight_money_operations o on o.operation = e.operation
  where e.state = 'SUCCEEDED' and left(ltrim(e.request_body), 1) = '{'
    and e.request_body::jsonb ->> o.amount_key ~ '^[0-9]*\.?[0-9]+$'
    and coalesce(e.request_body::jsonb ->> o.asset_key, '') <> '';
insert into insight_money_days
  select day, operation, asset, sum(amount), count(*), coalesce(sum(usd), 0), count(*) - count(usd)
  from insight_money_entries group by day, operation, asset;
