-- Public market data (appendix B, 40-42), shared by every process on the database: one reader
-- fetches a path's answer at most about once a second for the whole deployment (issue 34).
-- fetching_until elects that reader: set by a conditional update, it lapses if the reader dies.
create table market_data (
  path text primary key,
  body jsonb,
  fetched_at timestamptz,
  fetching_until timestamptz
);
