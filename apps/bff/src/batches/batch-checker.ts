/**
 * Batch files are parsed and checked off the request thread, in worker threads
 * (`batch-check-worker.ts`), each check with a time limit: a worker past it is terminated and
 * the check answers a problem, so no file holds another operator's request, and no file holds a
 * worker for ever. Workers are started when first needed and kept for the next check.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BatchCheck, BatchMapping, BatchOperation, StatementMapping } from '@console/schemas';
import type { StatementRead } from '../reconcile/statement-read';
import { ProblemError } from '../errors';
import type { BalanceTable, NameTables } from './batch-tables';

/** One check as it crosses to a worker: data only (the lookups are made there). */
export interface CheckJob {
  operation: BatchOperation;
  text: string;
  mapping?: BatchMapping;
  remembered?: BatchMapping;
  names: NameTables;
  balances?: BalanceTable;
  /** The moment the rows are checked at (a check is of one moment). */
  now: number;
}

/** What `checkBatchFile` answers: the check without what only the store knows. */
export type FileCheck = Omit<BatchCheck, 'already_uploaded' | 'changes' | 'mapping_remembered'> & {
  normalized: string;
};

/** A reconciliation statement to read (issue 64), under the same limits as a batch file. */
export interface StatementJob {
  statement: { text: string; mapping?: StatementMapping };
}

export type CheckReply =
  { ok: true; result: FileCheck | StatementRead } | { ok: false; message: string };

export interface BatchChecker {
  check(job: CheckJob): Promise<FileCheck>;
  /** Reads a statement's file in a worker, as a batch file is checked. */
  readStatement(job: StatementJob): Promise<StatementRead>;
  /** Ends the workers (a check under way answers a problem). */
  close(): Promise<void>;
}

export interface BatchCheckerOptions {
  /** How long one check may run in its worker; 10 s by default. */
  timeLimitMs?: number;
  /** Checks run at once, each in its own thread; the rest wait their turn. 2 by default. */
  workers?: number;
}

const DEFAULT_TIME_LIMIT_MS = 10_000;

/**
 * The worker: beside this module. Bundled (`build.mjs`) this module is a chunk of `dist/` and the
 * worker `dist/batch-check-worker.js`, an entry of its own. From the sources (tsx in development,
 * vitest in tests) it is the `.ts` file, imported by a small bootstrap once tsx's loader is registered there (a
 * worker thread does not take the parent's loader, nor `--import` of one, in Node 20).
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!/\.tsx?$/.test(new URL(here).pathname)) {
    return new Worker(new URL('./batch-check-worker.js', here));
  }
  // tsx's ESM API, by its file (`require` would resolve the CommonJS build of it).
  const tsxPackage = createRequire(here).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const source = new URL('./batch-check-worker.ts', here).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true });
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

const tooSlow = (limitMs: number) =>
  new ProblemError({
    status: 413,
    code: 'payload-too-large',
    detail: `The file took more than ${limitMs / 1000} s to check, the most a check may take: split it into smaller files.`,
    errors: [
      {
        path: 'text',
        message: `The file took more than ${limitMs / 1000} s to check: split it into smaller files`,
      },
    ],
  });

const notChecked = (why: string) =>
  new ProblemError({
    status: 503,
    code: 'unavailable',
    detail: `The file could not be checked (${why}); nothing was stored, try the check again.`,
  });

export function createBatchChecker(options: BatchCheckerOptions = {}): BatchChecker {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const size = Math.max(1, options.workers ?? 2);
  const slots: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];
  let closed = false;

  const start = (): Slot => {
    const worker = startWorker();
    // An idle worker does not keep the process alive; a busy one is ref'd while it works.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean }).ready) {
          worker.off('error', reject);
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    // Nothing waits on a worker's start until a job does.
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, busy: false };
    slots.push(slot);
    return slot;
  };

  const drop = (slot: Slot) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    void slot.worker.terminate();
  };

  const acquire = (): Promise<Slot> => {
    const idle = slots.find((s) => !s.busy);
    const slot = idle ?? (slots.length < size ? start() : undefined);
    if (slot) {
      slot.busy = true;
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (slot: Slot, healthy: boolean) => {
    if (!healthy) drop(slot);
    const next = waiting.shift();
    if (!next) {
      slot.busy = false;
      return;
    }
    if (healthy) next(slot);
    else {
      const fresh = start();
      fresh.busy = true;
      next(fresh);
    }
  };

  const run = async <T>(slot: Slot, job: CheckJob | StatementJob): Promise<T> => {
    try {
      await slot.ready;
    } catch (error) {
      throw notChecked(`the checker did not start: ${(error as Error).message}`);
    }
    const { worker } = slot;
    worker.ref();
    try {
      return await new Promise<T>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (reply: CheckReply) => {
          done();
          if (reply.ok) resolve(reply.result as T);
          else reject(notChecked(reply.message));
        };
        const onError = (error: Error) => {
          done();
          reject(notChecked(error.message));
        };
        const onExit = () => {
          done();
          reject(notChecked('the checker stopped'));
        };
        const timer = setTimeout(() => {
          done();
          reject(tooSlow(timeLimitMs));
        }, timeLimitMs);
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.postMessage(job);
      });
    } finally {
      worker.unref();
    }
  };

  const inWorker = async <T>(job: CheckJob | StatementJob): Promise<T> => {
    if (closed) throw notChecked('the console is stopping');
    const slot = await acquire();
    let healthy = false;
    try {
      const result = await run<T>(slot, job);
      healthy = true;
      return result;
    } finally {
      // A worker past its time (or broken) is ended, and another started for the next check.
      release(slot, healthy);
    }
  };

  return {
    check: (job) => inWorker<FileCheck>(job),
    readStatement: (job) => inWorker<StatementRead>(job),
    async close() {
      closed = true;
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

let shared: BatchChecker | undefined;

/** The process's checker, started on first use. */
export function sharedBatchChecker(): BatchChecker {
  shared ??= createBatchChecker();
  return shared;
}
