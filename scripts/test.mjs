#!/usr/bin/env node
/**
 * `pnpm test`: every check of the project, as stages spread over the machine's cores
 * (scripts/test-stages/stages.mjs), then one table of their wall times against their budgets and the
 * slowest tests of each suite. Fails when a stage fails or runs past its budget.
 *
 * `pnpm test:quick` (`--quick`): the inner loop. Every typecheck, lint and format check of the
 * files changed since `--since` (default: the uncommitted changes, or the last commit when there
 * are none), and each changed package's tests that reach a changed file (Vitest's `--changed`);
 * no builds, no browser suite.
 *
 * `--only NAME[,NAME]`: just those stages (and nothing they need).
 */
import { spawn } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import {
  budgetVerdict,
  clock,
  cpuOfTimes,
  fromNodeTest,
  fromPlaywright,
  fromVitest,
  machineFactor,
  slowest,
  table,
} from './test-stages/report.mjs';
import { schedule } from './test-stages/schedule.mjs';
import { stages as allStages, TOTAL_BUDGET_SECONDS } from './test-stages/stages.mjs';
import { quickStages } from './test-stages/quick.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORTS = join(ROOT, 'reports/test');

/** Each stage's CPU time (its processes', user and system), in seconds, as its shell counted it. */
const cpuSeconds = new Map();

/**
 * Runs a command from a shell that says, on descriptor 3, the CPU time its children took
 * (POSIX `times`), at the lowest priority (`nice`) for a background stage.
 */
const TIMED = '"$@"; status=$?; times >&3; exit $status';
const TIMED_NICE = `nice -n 19 ${TIMED}`;

/**
 * The calibration's time on the reference machine (a quiet 2-core one, where the budgets were
 * set), in milliseconds: the least of three runs of `calibrate()` there was 117–121 ms.
 */
const REFERENCE_CALIBRATION_MS = 120;

/** A fixed piece of single-core work: how fast this machine runs the stages' kind of work. */
function calibrate() {
  let best = Infinity;
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    pbkdf2Sync('calibration', 'salt', 600_000, 32, 'sha256');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    since: { type: 'string' },
    only: { type: 'string' },
  },
});

/** pnpm as it runs this script (`npx -y pnpm@10 test` puts no `pnpm` on PATH). */
function pnpmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) {
    return /\.[cm]?js$/.test(execPath) ? [process.execPath, execPath] : [execPath];
  }
  return ['pnpm'];
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let plan = args.quick
  ? quickStages({ root: ROOT, since: args.since })
  : allStages({ reports: REPORTS });
if (args.only) {
  const wanted = new Set(args.only.split(','));
  plan = plan
    .filter((s) => wanted.has(s.name))
    .map((s) => ({
      ...s,
      needs: (s.needs ?? []).filter((n) => wanted.has(n)),
      after: (s.after ?? []).filter((n) => wanted.has(n)),
    }));
}

const before = calibrate();
const capacity = Math.max(1, availableParallelism());
console.log(
  `pnpm test: ${plan.length} stages on ${capacity} cores; calibration ${before.toFixed(0)} ms ` +
    `(reference ${REFERENCE_CALIBRATION_MS} ms)`,
);

const started = performance.now();
const results = await schedule(plan, capacity, (stage) => runStage(stage));
const totalSeconds = (performance.now() - started) / 1000;
const after = calibrate();
// The slower of the two calibrations: a machine that grew busy during the run is slower for it.
const factor = machineFactor(Math.max(before, after), REFERENCE_CALIBRATION_MS);

/** Where a stage's output is kept: reports/test/NAME.log, its name made a file name. */
function logOf(stage) {
  return join(REPORTS, `${stage.name.replaceAll(/[^a-z0-9]+/gi, '-')}.log`);
}

/** Runs one stage with its output kept in its log, printed when it ends. */
function runStage(stage) {
  const logFile = logOf(stage);
  const [command, ...rest] =
    stage.command[0] === 'pnpm' ? [...pnpmCommand(), ...stage.command.slice(1)] : stage.command;
  const cwd = join(ROOT, stage.cwd ?? '.');
  const bin = command.startsWith('node_modules/') ? join(cwd, command) : command;
  console.log(`▶ ${stage.name}`);
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const script = stage.background ? TIMED_NICE : TIMED;
    const child = spawn('sh', ['-c', script, 'sh', bin, ...rest], {
      cwd,
      env: {
        ...process.env,
        // Plain text in the logs (any FORCE_COLOR, even 0, turns colour on in Vitest).
        NO_COLOR: '1',
        ...(stage.suite === 'playwright'
          ? { PLAYWRIGHT_JSON_OUTPUT_FILE: join(REPORTS, `${stage.name}.json`) }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    // A command that cannot start says so on 'error', and may or may not 'close' after it.
    let ended = false;
    const end = (ok, why) => {
      if (ended) return;
      ended = true;
      log.end(why ? `\n${why}\n` : '', () => {
        const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
        // A failure shows everything it printed; a pass, the runner's summary.
        const shown = ok ? (stage.suite ? lines.slice(-8) : []) : lines;
        console.log(`${ok ? '✔' : '✘'} ${stage.name}${why && !ok ? ` (${why})` : ''}`);
        if (shown.some(Boolean)) console.log(indent(shown.join('\n')));
        resolve({ ok });
      });
    };
    child.on('error', (error) => end(false, error.message));
    child.on('close', (code, signal) => {
      const cpu = cpuOfTimes(times);
      if (cpu !== undefined) cpuSeconds.set(stage.name, cpu);
      end(code === 0, code === 0 ? '' : `exit ${code ?? signal}`);
    });
  });
}

function indent(text) {
  return text.replace(/^/gm, '    ');
}

/** What a stage's suite reported, if it ran one. */
function suiteOf(stage) {
  try {
    if (stage.suite === 'vitest') {
      return fromVitest(
        JSON.parse(readFileSync(join(REPORTS, `${stage.name}.json`), 'utf8')),
        ROOT,
      );
    }
    if (stage.suite === 'playwright') {
      const report = JSON.parse(readFileSync(join(REPORTS, `${stage.name}.json`), 'utf8'));
      return fromPlaywright(report);
    }
    if (stage.suite === 'node') {
      return fromNodeTest(readFileSync(logOf(stage), 'utf8'));
    }
  } catch {
    // No report: the stage failed before writing one, and says so above.
  }
  return undefined;
}

const rows = [];
let failed = false;
let passedTests = 0;
let failedTests = 0;
let skippedTests = 0;
const suites = [];
for (const stage of plan) {
  const result = results.get(stage.name);
  const cpu = cpuSeconds.get(stage.name);
  // A background stage runs in the time the others leave idle: its wall time says how busy they
  // kept the machine, its CPU time what it costs (its budget is in seconds of one core).
  const verdict = budgetVerdict({
    seconds: stage.background && cpu !== undefined ? cpu : result.seconds,
    budget: stage.budget,
    factor,
  });
  const suite = suiteOf(stage);
  if (suite) {
    passedTests += suite.passed;
    failedTests += suite.failed;
    skippedTests += suite.skipped;
    suites.push({ stage, suite });
  }
  let status = result.ok ? 'passed' : 'FAILED';
  if (result.skipped) status = `skipped (${result.skipped} failed)`;
  else if (result.ok && verdict.over) status = 'OVER BUDGET';
  if (!result.ok || verdict.over) failed = true;
  rows.push([
    stage.name,
    status,
    result.skipped ? '' : clock(result.seconds),
    cpu === undefined ? '' : clock(cpu),
    verdict.allowed === undefined ? '' : clock(verdict.allowed),
    suite ? String(suite.passed) : '',
    suite ? String(suite.failed) : '',
  ]);
}
const totalAllowed = args.quick || args.only ? undefined : TOTAL_BUDGET_SECONDS * factor;
const totalOver = totalAllowed !== undefined && totalSeconds > totalAllowed;
if (totalOver) failed = true;
rows.push([
  'whole run',
  totalOver ? 'OVER BUDGET' : '',
  clock(totalSeconds),
  clock([...cpuSeconds.values()].reduce((a, b) => a + b, 0)),
  totalAllowed === undefined ? '' : clock(totalAllowed),
  String(passedTests),
  String(failedTests),
]);

console.log('\nSlowest tests of each suite:');
for (const { stage, suite } of suites) {
  const top = slowest(suite.tests, 5);
  if (top.length === 0) continue;
  console.log(`  ${stage.name}:`);
  for (const t of top)
    console.log(`    ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file} › ${t.title}`);
}

console.log(
  `\nStages (wall and CPU time, m:ss; a background stage is held to its budget in CPU time; ` +
    `budgets are the reference machine's × ${factor.toFixed(2)}, this ` +
    `machine's calibration ${Math.max(before, after).toFixed(0)} ms against ${REFERENCE_CALIBRATION_MS} ms):\n`,
);
console.log(
  indent(
    table(['stage', 'result', 'time', 'cpu', 'budget', 'passed', 'failed'], rows, [
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]),
  ),
);
if (failed) {
  console.log(
    '\nA stage failed or ran past its budget (scripts/test-stages/stages.mjs). A budget is raised only ' +
      'with the figures that justify it.',
  );
}
console.log(
  `\ntests: ${passedTests} passed, ${failedTests} failed${skippedTests ? `, ${skippedTests} skipped` : ''}`,
);
process.exitCode = failed ? 1 : 0;
