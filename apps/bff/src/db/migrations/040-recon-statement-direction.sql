-- Issue 64: a statement's line booked the other way from the service's record (money in where
-- the service holds a debit, out where it holds a credit) is a difference of its own kind.
alter table recon_statement_differences
  drop constraint recon_statement_differences_kind_check;
alter table recon_statement_differences
  add constraint recon_statement_differences_kind_check check (kind in ('amount', 'date',
    'reference', 'direction', 'missing_statement', 'missing_service', 'missing_journal'));
