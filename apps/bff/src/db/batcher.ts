/**
 * One statement for many callers: the items that arrive in one turn of the event loop, and those
 * that arrive while a batch is being written, go together in one multi-row statement (one parse,
 * one plan, one commit). A batch starts once the loop has turned (`setImmediate`), so answers of
 * the service read in one turn are journaled together: PGlite runs a statement to its end within
 * the turn that asked for it, and without the wait every batch would be of one. Under load,
 * sixteen concurrent sends cost one statement instead of sixteen, and on PostgreSQL one WAL
 * flush instead of sixteen (and no queue of commits on one hot row).
 *
 * Each caller's promise settles with its own result once the batch's statement has committed.
 */

export interface BatcherOptions<I, O> {
  /** Writes a batch; answers one result per item, in order. */
  run(items: I[]): Promise<O[]>;
  /**
   * Writes one item on its own, when the batch's statement failed on what one row holds (an
   * integrity constraint) or on a deadlock; nothing of the batch was kept. One item's error stays
   * its caller's, and an error a caller knows how to take (a unique violation) is taken where that
   * caller's own statement meets it. Any other failure (a timeout, a lost connection) is every
   * caller's.
   */
  alone?(item: I): Promise<O>;
  /** Items per statement at most. */
  maxBatch?: number;
  /**
   * Batches written at once: 1 where statements run one at a time anyway (PGlite); more where
   * several commits can wait for one WAL flush together (PostgreSQL).
   */
  concurrency?: number;
}

/**
 * Errors after which each item is written again on its own: SQLSTATE class 23 (integrity
 * constraint violation), which one row of a batch can cause, and class 40 (transaction rollback:
 * a deadlock or serialization failure), which a multi-row statement can meet where single-row
 * ones would not, by locking its rows while another statement locks some of them in another
 * order. Either way the statement kept nothing, and one row at a time cannot deadlock.
 */
function retriedAlone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('23') || code.startsWith('40'));
}

export interface Batcher<I, O> {
  add(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * @example
 * const inserts = createBatcher({ run: (rows) => insertMany(db, rows) });
 * const row = await inserts.add(newRow);
 */
export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 64;
  const concurrency = options.concurrency ?? 1;
  const queue: Waiting<I, O>[] = [];
  let writing = 0;
  let due = false;

  async function write(batch: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await options.run(batch.map((w) => w.item));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      }
    } catch (error) {
      const { alone } = options;
      if (!alone || !retriedAlone(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) {
        try {
          w.resolve(await alone(w.item));
        } catch (own) {
          w.reject(own);
        }
      }
      return;
    }
    batch.forEach((w, index) => w.resolve(results[index]!));
  }

  function start(): void {
    due = false;
    while (writing < concurrency && queue.length > 0) {
      writing += 1;
      const batch = queue.splice(0, maxBatch);
      void write(batch).finally(() => {
        writing -= 1;
        pump();
      });
    }
  }

  /** Once the loop has turned, `start` writes what may be written then (it checks both limits). */
  function pump(): void {
    if (due) return;
    due = true;
    setImmediate(start);
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
