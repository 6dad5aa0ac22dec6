-- Issue 62: money moved per UTC day, operation and asset, kept up to date as the journal is
-- written (ADR 035), so that the Insights page reads a few hundred rows, never the journal.
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

-- Adds a send to its day when it becomes SUCCEEDED, takes it away if it leaves SUCCEEDED. The
-- day is the entry's (its created_at in UTC): an outcome that arrives late changes its own day.
-- A body without a decimal amount and an asset counts nowhere rather than failing the write.
create function insight_count_money() returns trigger language plpgsql as $$
declare
  f record;
  body jsonb;
  amount_text text;
  asset_text text;
  added insight_money_entries;
begin
  if tg_op = 'UPDATE' and old.state = 'SUCCEEDED' then
    with gone as (delete from insight_money_entries where journal_id = old.id returning *)
    update insight_money_days m set amount = m.amount - g.amount, sends = m.sends - 1,
      usd = m.usd - coalesce(g.usd, 0), unpriced = m.unpriced - (g.usd is null)::int
    from gone g where m.day = g.day and m.operation = g.operation and m.asset = g.asset;
  end if;
  if new.state <> 'SUCCEEDED' or (tg_op = 'UPDATE' and old.state = 'SUCCEEDED') then
    return null;
  end if;
  select * into f from insight_money_operations where operation = new.operation;
  if not found or left(ltrim(new.request_body), 1) <> '{' then return null; end if;
  body := new.request_body::jsonb;
  amount_text := body ->> f.amount_key;
  asset_text := body ->> f.asset_key;
  if amount_text is null or amount_text !~ '^[0-9]*\.?[0-9]+$' or coalesce(asset_text, '') = ''
  then
    return null;
  end if;
  insert into insight_money_entries
    values (new.id, (new.created_at at time zone 'UTC')::date, new.operation, asset_text,
      amount_text::numeric, amount_text::numeric * insight_usd_price(asset_text))
    on conflict (journal_id) do nothing
    returning * into added;
  if added.journal_id is null then return null; end if;
  insert into insight_money_days as m (day, operation, asset, amount, sends, usd, unpriced)
    values (added.day, added.operation, added.asset, added.amount, 1, coalesce(added.usd, 0),
      (added.usd is null)::int)
    on conflict (day, operation, asset) do update set amount = m.amount + excluded.amount,
      sends = m.sends + 1, usd = m.usd + excluded.usd, unpriced = m.unpriced + excluded.unpriced;
  return null;
end
$$;

-- Deferred to the commit, as the audit trail's triggers are: the day's row is locked only while
-- the send's transaction commits, not from its statement on, so concurrent sends of one asset
-- wait for each other as little as possible. The WHEN clauses keep every other write free.
create constraint trigger insight_money_insert after insert on journal_entries
  deferrable initially deferred for each row when (new.state = 'SUCCEEDED')
  execute function insight_count_money();
create constraint trigger insight_money_update after update of state on journal_entries
  deferrable initially deferred for each row
  when (old.state is distinct from new.state and 'SUCCEEDED' in (old.state, new.state))
  execute function insight_count_money();

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
