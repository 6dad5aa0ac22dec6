/**
 * A batch and its rows as a role may read them (issue 55, finding 2): whole for the roles that see
 * its operation's records whole; for the others, by an allowlist, only the cells of fields known
 * to be non-personal, the rest masked as the journal masks personal data.
 */
import { nonPersonalFieldsOf, type Batch, type BatchRow, type Role } from '@console/schemas';
import { maskPersonal, maskText, recordOfOperation, seesWhole } from '../access/personal-data';
import type { StoredBatch } from './batch-reads';

/** The batch's columns mapped to a field known to be non-personal (`nonPersonalFieldsOf`). */
export function wholeColumns(batch: StoredBatch): string[] {
  const fields = nonPersonalFieldsOf(batch.operation);
  return batch.columns.filter((column) => fields.has(batch.mapping[column] ?? ''));
}

/**
 * A row for a role that may not see it whole (issue 55, finding 2): by an allowlist, only the
 * cells of fields known to be non-personal whole; every other cell (a column mapped to nothing,
 * such as a file's `Beneficiary name`, metadata, an address, a name) masked; the body masked; and
 * a cell quoted in its error (`No identity is named “…”`) masked too.
 */
export function rowForRole(role: Role, batch: StoredBatch, row: BatchRow): BatchRow {
  if (seesWhole(role, recordOfOperation(batch.operation))) return row;
  const whole = new Set(wholeColumns(batch));
  const cells = Object.fromEntries(
    Object.entries(row.cells).map(([column, value]) => [
      column,
      whole.has(column) || value === '' ? value : maskText(value),
    ]),
  );
  const error =
    row.error && row.error.replace(/“([^”]*)”/g, (_, quoted: string) => `“${maskText(quoted)}”`);
  return { ...row, cells, error, body: maskPersonal(row.body) as BatchRow['body'] };
}

/** A batch as the contract carries it; per-destination sums masked as their addresses are. */
export function batchForRole(role: Role, batch: StoredBatch): Batch {
  const { mapping: _mapping, ...shown } = batch;
  if (
    seesWhole(role, recordOfOperation(batch.operation)) ||
    batch.operation !== 'createOrchestration'
  ) {
    return shown;
  }
  // An orchestration's destination may be a crypto address or a bank account: personal.
  return {
    ...shown,
    by_destination: shown.by_destination.map((d) =>
      d.destination === undefined ? d : { ...d, destination: maskText(d.destination) },
    ),
  };
}
