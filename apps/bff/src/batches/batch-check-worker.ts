/**
 * The worker thread a batch file is parsed and checked in (`batch-checker.ts` starts it): a
 * file's check is CPU work of up to seconds, which on the request thread would hold every other
 * operator's request until it ends. One check at a time; the answer is plain data. A
 * reconciliation statement (issue 64) is read here too, under the same limits.
 */
import { parentPort } from 'node:worker_threads';
import { readStatement } from '../reconcile/statement-read';
import { checkBatchFile } from './batch-check';
import type { CheckJob, CheckReply, StatementJob } from './batch-checker';
import { balancesFrom, namesFrom } from './batch-tables';

const port = parentPort;
if (!port) throw new Error('batch-check-worker runs as a worker thread only');

port.on('message', (job: CheckJob | StatementJob) => {
  let reply: CheckReply;
  try {
    if ('statement' in job) {
      port.postMessage({
        ok: true,
        result: readStatement(job.statement.text, job.statement.mapping),
      });
      return;
    }
    const result = checkBatchFile({
      operation: job.operation,
      text: job.text,
      ...(job.mapping ? { mapping: job.mapping } : {}),
      ...(job.remembered ? { remembered: job.remembered } : {}),
      names: namesFrom(job.names),
      ...(job.balances ? { balances: balancesFrom(job.balances) } : {}),
      now: () => job.now,
    });
    reply = { ok: true, result };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
// Loaded: the checker starts a job's clock from here, not from the thread's start-up.
port.postMessage({ ready: true });
