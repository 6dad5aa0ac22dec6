-- Issue 62: money moved per UTC day, operation and asset, kept up to date as the journal is
-- written (ADR 036), so that the Insights page reads a few hundred rows, never the journal.
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

-- What each counted send added, as it was added (its USD at the price known then): taken away
-- the same way if the entry ever leaves SUCCEEDED, whatever prices say by then.
create table insight_money_entries (
  journal_id text primary key,
  day date not null,
  operation text not null,
  asset text not null,
  amount numeric not null,
  -- Null: no price of the asset was known when it was counted.
  usd numeric
);

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

-- Statement-level triggers over the statement's transition tables: a bulk statement (the
-- batched writes of concurrent sends, an import) is counted set-based, one upsert per day row in
-- key order (two statements lock the days' rows in the same order), never one per entry, which in
-- one transaction walks ever longer chains of the same row's versions (a million entries inserted
-- in one statement took ten minutes so). The rows are read from the transition tables themselves:
-- a read back from journal_entries by id is planned from statistics a bulk statement has just
-- made wrong. Each entry that entered SUCCEEDED is counted on its day (its created_at in UTC: an
-- outcome that arrives late changes its own day) at the USD price known now; a body without a
-- decimal amount and an asset counts nowhere rather than failing the write.
create function insight_count_inserted() returns trigger language plpgsql as $$
begin
  with sends as (
    select n.id, (n.created_at at time zone 'UTC')::date as day, n.operation,
      n.request_body::jsonb ->> f.asset_key as asset,
      n.request_body::jsonb ->> f.amount_key as amount
    from new_rows n join insight_money_operations f on f.operation = n.operation
    where n.state = 'SUCCEEDED' and left(ltrim(n.request_body), 1) = '{'
  ), priced as (
    select asset, insight_usd_price(asset) as price
    from (select distinct asset from sends where asset <> '') a
  ), added as (
    insert into insight_money_entries
      select p.id, p.day, p.operation, p.asset, p.amount::numeric, p.amount::numeric * q.price
      from sends p join priced q on q.asset = p.asset
      where p.amount ~ '^[0-9]*\.?[0-9]+$'
    on conflict (journal_id) do nothing
    returning *
  )
  insert into insight_money_days as m (day, operation, asset, amount, sends, usd, unpriced)
    select day, operation, asset, sum(amount), count(*), coalesce(sum(usd), 0),
      count(*) - count(usd)
    from added group by day, operation, asset order by day, operation, asset
    on conflict (day, operation, asset) do update set amount = m.amount + excluded.amount,
      sends = m.sends + excluded.sends, usd = m.usd + excluded.usd,
      unpriced = m.unpriced + excluded.unpriced;
  return null;
end
$$;

-- An entry that leaves SUCCEEDED takes away exactly what it added, whatever prices say by then.
create function insight_count_updated() returns trigger language plpgsql as $$
begin
  with gone as (
    delete from insight_money_entries m using old_rows o, new_rows n
    where m.journal_id = o.id and n.id = o.id and o.state = 'SUCCEEDED'
      and n.state <> 'SUCCEEDED'
    returning m.*
  ), sums as (
    select day, operation, asset, sum(amount) as amount, count(*) as sends,
      coalesce(sum(usd), 0) as usd, count(*) - count(usd) as unpriced
    from gone group by day, operation, asset
  )
  update insight_money_days m set amount = m.amount - s.amount, sends = m.sends - s.sends,
    usd = m.usd - s.usd, unpriced = m.unpriced - s.unpriced
  from sums s where m.day = s.day and m.operation = s.operation and m.asset = s.asset;
  with sends as (
    select n.id, (n.created_at at time zone 'UTC')::date as day, n.operation,
      n.request_body::jsonb ->> f.asset_key as asset,
      n.request_body::jsonb ->> f.amount_key as amount
    from new_rows n join old_rows o on o.id = n.id
      join insight_money_operations f on f.operation = n.operation
    where n.state = 'SUCCEEDED' and o.state <> 'SUCCEEDED'
      and left(ltrim(n.request_body), 1) = '{'
  ), priced as (
    select asset, insight_usd_price(asset) as price
    from (select distinct asset from sends where asset <> '') a
  ), added as (
    insert into insight_money_entries
      select p.id, p.day, p.operation, p.asset, p.amount::numeric, p.amount::numeric * q.price
      from sends p join priced q on q.asset = p.asset
      where p.amount ~ '^[0-9]*\.?[0-9]+$'
    on conflict (journal_id) do nothing
    returning *
  )
  insert into insight_money_days as m (day, operation, asset, amount, sends, usd, unpriced)
    select day, operation, asset, sum(amount), count(*), coalesce(sum(usd), 0),
      count(*) - count(usd)
    from added group by day, operation, asset order by day, operation, asset
    on conflict (day, operation, asset) do update set amount = m.amount + excluded.amount,
      sends = m.sends + excluded.sends, usd = m.usd + excluded.usd,
      unpriced = m.unpriced + excluded.unpriced;
  return null;
end
$$;

create trigger insight_money_insert after insert on journal_entries
  referencing new table as new_rows for each statement execute function insight_count_inserted();
create trigger insight_money_update after update on journal_entries
  referencing old table as old_rows new table as new_rows
  for each statement execute function insight_count_updated();

-- The sends the journal already holds: counted in their days, without a price (none was kept
-- when they were written) unless their asset is USD.
insert into insight_money_entries
  select e.id, (e.created_at at time zone 'UTC')::date, e.operation,
    e.request_body::jsonb ->> o.asset_key, (e.request_body::jsonb ->> o.amount_key)::numeric,
    case when e.request_body::jsonb ->> o.asset_key = 'USD'
      then (e.request_body::jsonb ->> o.amount_key)::numeric end
  from journal_entries e join insight_money_operations o on o.operation = e.operation
  where e.state = 'SUCCEEDED' and left(ltrim(e.request_body), 1) = '{'
    and e.request_body::jsonb ->> o.amount_key ~ '^[0-9]*\.?[0-9]+$'
    and coalesce(e.request_body::jsonb ->> o.asset_key, '') <> '';
insert into insight_money_days
  select day, operation, asset, sum(amount), count(*), coalesce(sum(usd), 0), count(*) - count(usd)
  from insight_money_entries group by day, operation, asset;
