/**
 * What every figure module hands back: rows of the one table. A row that could not be measured
 * says why in `value` and has `pass: null`, so the table never shows a number that was not taken.
 */

export interface Row {
  /** Figure name as the table spells it, with the variant after a colon. */
  figure: string;
  /** Measured value, formatted for the table. */
  value: string;
  /** Baseline measured in the same run, formatted; '' where the issue names none. */
  baseline: string;
  /** value / baseline, formatted; '' without a baseline. */
  ratio: string;
  goal: string;
  /** true / false against the goal; null when not measured or the row has no goal of its own. */
  pass: boolean | null;
  /** Raw numbers for results.json (milliseconds, bytes, counts). */
  raw?: Record<string, unknown>;
  /** What a reader needs to trust the number (runs, counts, errors). */
  note?: string;
}

/** Shared by the figures of one run. */
export interface BenchContext {
  /** The repository root. */
  root: string;
  /** A fresh directory for this run, removed at the end. */
  workDir: string;
  /** `--profile`: the BFF under load writes a V8 CPU profile into `workDir` (figure 1). */
  profile: boolean;
  /** Figures log progress here (stderr), keeping stdout for the table. */
  log(message: string): void;
}

/** A row a figure makes, by its name and goal. */
export interface RowName {
  figure: string;
  goal: string;
}

export interface Figure {
  /** Short id for logs and results.json. */
  id: string;
  /** Upper bound of the figure's own run time; past it the runner reports it as timed out. */
  timeoutMs: number;
  /**
   * The rows it makes: when it throws or times out, the runner gives each of them the reason
   * instead of a number (without them, one row named by the id).
   */
  rows?: readonly RowName[];
  run(ctx: BenchContext): Promise<Row[]>;
}

/** A row for a figure that could not run, with the plain reason. */
export function notMeasured(figure: string, goal: string, reason: string): Row {
  return { figure, value: `not measured: ${reason}`, baseline: '', ratio: '', goal, pass: null };
}

/** The first line of what stopped a figure, for its `notMeasured` rows. */
export function failureReason(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/** What the table shows for a figure that stopped with `error`: each of its rows, and why. */
export function unmeasured(figure: Figure, error: unknown): Row[] {
  if (!figure.rows?.length) {
    return [notMeasured(figure.id, '', error instanceof Error ? error.message : String(error))];
  }
  const reason = failureReason(error);
  return figure.rows.map((row) => notMeasured(row.figure, row.goal, reason));
}
