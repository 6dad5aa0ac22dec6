/**
 * Checking and storing an uploaded file (issue 39): the check the browser shows before upload
 * and the one the create route runs again are the same code. The file is parsed and checked row
 * by row (`checkBatchFile`), then the policy checks every valid row as a single send of it, the
 * rows hash is taken over the normalized rows that would be sent, and a file whose rows were
 * uploaded before is recognised by it, or (in another order, under another name) by the content
 * of its rows as a batch of the last days (issue 64, `batch-row-key.ts`).
 */
import { createHash } from 'node:crypto';
import type {
  BatchCellError,
  BatchCheck,
  BatchCreateRequest,
  BatchMapping,
  BatchOperation,
  BatchUploadedBefore,
  FieldError,
  Operator,
} from '@console/schemas';
import type { ApprovalPolicy } from '../approvals/policy';
import { ProblemError } from '../errors';
import { decideBatch, type BatchDecision, type BatchPolicyDeps } from './batch-policy';
import { keptCells, keptColumns, keptRow } from './batch-kept';
import type { StoredBatch } from './batch-reads';
import { BatchAlreadyUploaded, type BatchStore } from './batch-store';
import { sourceProfilesOf } from './batch-balances';
import type { CheckJob, FileCheck } from './batch-checker';
import { namesFrom, type BalanceTable, type NameTables } from './batch-tables';
import { normalizedRows, totalsOf } from './batch-totals';

/**
 * Parses and checks a file off the request thread (`batch-checker.ts`; injected, so that tests
 * can set its time limit).
 */
export type CheckFile = (job: CheckJob) => Promise<FileCheck>;

export interface BatchUploadDeps extends BatchPolicyDeps {
  store: BatchStore;
  checkFile: CheckFile;
  /** The names directory of one check: the service's lists read once. */
  names: (operation: BatchOperation) => Promise<NameTables>;
  /** The available balances of a check's source profiles, read once; none: left to the service. */
  balances?: (profiles: string[]) => Promise<BalanceTable>;
  policy: ApprovalPolicy;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The check of a file as the browser sees it, and what it decided. */
export interface Checked {
  check: BatchCheck;
  normalized: string;
  decision: BatchDecision | undefined;
}

/**
 * Checks a file for `operator`: the operator's remembered mapping for its header when none is
 * given (a given one is remembered), every valid row by the policy as a single send of it (a row
 * it refuses has that problem in its cell), and the rows that would be sent, excluding
 * `exclude`, hashed.
 */
export async function checkUpload(
  deps: BatchUploadDeps,
  input: { operation: BatchOperation; file_name: string; text: string; mapping?: BatchMapping },
  operator: Operator,
  exclude: ReadonlySet<number> = new Set(),
): Promise<Checked> {
  const names = await deps.names(input.operation);
  // One moment for the whole check: every row is checked as if sent now.
  const base = { operation: input.operation, text: input.text, names, now: deps.now() };
  let checked = await deps.checkFile({
    ...base,
    ...(input.mapping ? { mapping: input.mapping } : {}),
  });
  let remembered = false;
  if (input.mapping) {
    if (checked.columns.length > 0) {
      await deps.store.rememberMapping(
        operator.username,
        input.operation,
        checked.columns,
        input.mapping,
      );
    }
  } else if (checked.columns.length > 0) {
    const mapping = await deps.store.rememberedMapping(
      operator.username,
      input.operation,
      checked.columns,
    );
    if (mapping) {
      checked = await deps.checkFile({ ...base, remembered: mapping });
      remembered = true;
    }
  }
  // The rows as the file states them, before what changes with time (balances, the policy, the
  // limits) is asked: a file already sent is recognised by them even when its rows could not be
  // paid again now (the first upload's rows passed every check, so they are these rows).
  const stated = checked.rows.filter((r) => r.body !== null && !exclude.has(r.row));
  const statedHash = stated.length > 0 ? sha256Hex(normalizedRows(stated)) : '';
  // Each source profile must pay its rows, in row order, from what it holds now.
  const sources = sourceProfilesOf(checked.rows);
  if (deps.balances && sources.length > 0) {
    const balances = await deps.balances(sources);
    const mapping = remembered ? { remembered: checked.mapping } : {};
    checked = await deps.checkFile({
      ...base,
      ...(input.mapping ? { mapping: input.mapping } : mapping),
      balances,
    });
  }
  const valid = checked.rows.filter((r) => r.body !== null && r.errors.length === 0);
  const decision =
    valid.length > 0 && checked.file_errors.length === 0
      ? await decideBatch(
          deps,
          // One reading of the policy in force decides the whole file.
          { ...deps.policy },
          input.operation,
          valid.filter((r) => !exclude.has(r.row)).map((r) => ({ row: r.row, body: r.body! })),
          checked.mapping,
          operator,
        )
      : undefined;
  const rows = checked.rows.map((r) => {
    const refused = decision?.refused.get(r.row);
    return refused ? { ...r, body: null, errors: [...r.errors, ...refused] } : r;
  });
  const sendable = rows.filter((r) => r.body !== null && r.errors.length === 0);
  const sent = sendable.filter((r) => !exclude.has(r.row));
  // The canonical text of exactly the rows that would be sent: what the approval is given to.
  const normalized = normalizedRows(sent);
  const rowsHash = sent.length > 0 ? sha256Hex(normalized) : '';
  const { totals, by_destination } = totalsOf(input.operation, sent, namesFrom(names).label);
  const { normalized: _all, ...rest } = checked;
  const check: BatchCheck = {
    ...rest,
    mapping_remembered: remembered,
    rows,
    valid_rows: sendable.length,
    invalid_rows: rows.length - sendable.length,
    totals,
    by_destination,
    file_errors: [...checked.file_errors, ...(decision?.batchRefusals ?? [])],
    rows_hash: rowsHash,
    already_uploaded:
      (rowsHash ? await deps.store.findByHash(input.operation, rowsHash) : null) ??
      (statedHash && statedHash !== rowsHash
        ? await deps.store.findByHash(input.operation, statedHash)
        : null) ??
      (sent.length > 0 ? await deps.store.findRepeat(input.operation, sent) : null) ??
      (stated.length > 0 && statedHash !== rowsHash
        ? await deps.store.findRepeat(input.operation, stated)
        : null),
    changes:
      checked.file_errors.length === 0
        ? await deps.store.changesAgainst(
            input.operation,
            input.file_name,
            // Compared on what a batch keeps (batch-kept.ts): the mapped cells of each row.
            checked.rows.map((r) => ({
              row: r.row,
              cells: keptCells(r.cells, keptColumns(checked.columns, checked.mapping)),
            })),
          )
        : null,
  };
  return { check, normalized, decision };
}

const cellPath = (row: number, error: BatchCellError) =>
  error.column === null ? `rows.${row}` : `rows.${row}.${error.column}`;

/**
 * Stores a checked file as a batch awaiting approval: 409 `batch-already-uploaded` when its rows
 * were uploaded before (said before anything else: a file sent once may pass no check now, its
 * rows having used the limits), 422 when the file, its mapping or a row not excluded has a
 * problem, or nothing would be sent.
 */
export async function createUpload(
  deps: BatchUploadDeps,
  input: BatchCreateRequest,
  operator: Operator,
): Promise<StoredBatch> {
  const exclude = new Set(input.exclude_rows);
  const { check, decision } = await checkUpload(deps, input, operator, exclude);
  if (check.already_uploaded) throw alreadyUploaded(check.already_uploaded);
  const unfit = (detail: string, errors?: FieldError[]) =>
    new ProblemError({
      status: 422,
      code: 'validation-failed',
      detail,
      ...(errors ? { errors } : {}),
    });
  if (check.mapping_needed) {
    throw unfit('Map a column to every required field first.', [
      { path: 'mapping', message: 'A required field has no column' },
    ]);
  }
  if (check.file_errors.length > 0) {
    throw unfit(
      check.file_errors.join(' '),
      check.file_errors.map((message) => ({ path: 'text', message })),
    );
  }
  const errors = check.rows
    .filter((r) => !exclude.has(r.row) && r.errors.length > 0)
    .flatMap((r) => r.errors.map((e) => ({ path: cellPath(r.row, e), message: e.message })));
  if (errors.length > 0) {
    throw unfit(
      `Fix or exclude the rows with problems: ${[...new Set(errors.map((e) => e.path.split('.')[1]))].length} row(s).`,
      errors,
    );
  }
  const sent = check.rows.filter((r) => !exclude.has(r.row) && r.body !== null);
  // The check decided the policy over exactly the rows that are sent.
  if (sent.length === 0 || !decision) {
    throw unfit('Every row is excluded: there is nothing to send.');
  }
  const kept = keptColumns(check.columns, check.mapping);
  try {
    return await deps.store.create({
      operation: input.operation,
      file_name: input.file_name,
      created_by: operator.username,
      created_by_name: operator.display_name,
      columns: kept,
      mapping: check.mapping,
      rows_hash: check.rows_hash,
      rows: check.rows.map((r) => keptRow(r, exclude.has(r.row), kept)),
      totals: check.totals,
      by_destination: check.by_destination,
      largest: decision.largest,
      approvals_required: decision.approvalsRequired,
      approver_roles: decision.approverRoles,
      requirements: decision.requirements,
      policy_version: decision.policyVersion,
    });
  } catch (error) {
    if (error instanceof BatchAlreadyUploaded) throw alreadyUploaded(error.earlier);
    throw error;
  }
}

/** 409 naming the earlier batch: its id, when and by whom it was uploaded, and its state. */
export function alreadyUploaded(earlier: BatchUploadedBefore): ProblemError {
  const rows = earlier.same_order ? 'These rows' : 'These rows, in another order,';
  return new ProblemError({
    status: 409,
    code: 'batch-already-uploaded',
    detail: `${rows} were uploaded before as batch ${earlier.batch_id} (${earlier.file_name}, by ${earlier.created_by_name} (${earlier.created_by}) at ${earlier.created_at}, ${earlier.state.replace('_', ' ')}): sending them again would pay every row twice.`,
    batch_id: earlier.batch_id,
    uploaded_before: earlier,
  });
}
