/**
 * Child processes of the bench: the sandbox, the BFF, the bare proxy and `pnpm start`. Each one
 * writes its output to a file (not through the bench's event loop, which is busy generating
 * load) and runs in its own process group, so that stopping it also stops what it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Proc {
  name: string;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** Settles with the exit code (or signal name) when the process ends. */
  exited: Promise<string>;
  /** The end of its output, for error messages. */
  tail(lines?: number): string;
  /** SIGTERM to its group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<Proc>();

export function startProcess(options: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}): Proc {
  const fd = openSync(options.logFile, 'a');
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`${options.name} did not start`);
  const pid = child.pid;
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve(signal ?? String(code));
    });
    child.once('error', (error) => {
      done = true;
      resolve(error.message);
    });
  });
  const proc: Proc = {
    name: options.name,
    pid,
    child,
    logFile: options.logFile,
    exited,
    tail(lines = 12) {
      try {
        const text = readFileSync(options.logFile, 'utf8');
        // pnpm's own closing lines ("ELIFECYCLE …", "> console@ start …") say nothing.
        const kept = text
          .split('\n')
          .filter((line) => line.trim() !== '' && !/ELIFECYCLE|^\s*> /.test(line));
        return kept.slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
    async stop(graceMs = 5_000) {
      live.delete(proc);
      if (done) return;
      signalGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The group may outlive its leader (pnpm's shell, for one): make sure nothing stays.
      signalGroup(pid, 'SIGKILL');
    },
  };
  live.add(proc);
  return proc;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every child still running: the runner calls it on exit, error or deadline. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((proc) => proc.stop(2_000)));
}

/** A port that was free a moment ago (loopback only). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers 2xx; resolves with the milliseconds it took. Fails when `proc`
 * exits first (with its last output) or after `timeoutMs`.
 */
export async function waitForHttp(
  url: string,
  options: { proc: Proc; timeoutMs: number; intervalMs?: number; started?: number },
): Promise<number> {
  const started = options.started ?? performance.now();
  let exit: string | undefined;
  void options.proc.exited.then((code) => (exit = code));
  for (;;) {
    if (exit !== undefined) {
      throw new Error(`${options.proc.name} exited (${exit}): ${lastWords(options.proc)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > options.timeoutMs) {
      throw new Error(`${options.proc.name} did not answer ${url} within ${options.timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}

/** What a process said when it gave up: an uncaught error's message, else its last line. */
function lastWords(proc: Proc): string {
  const lines = proc.tail(40).split('\n');
  return lines.find((line) => /^\w*Error\b/.test(line.trim())) ?? lines.at(-1) ?? '';
}

/** Runs a command to its end (builds, the users CLI); rejects with its output on failure. */
export function runToEnd(options: {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs: number;
}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(options.input ?? '');
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.trimEnd().split('\n').slice(-8).join('\n');
        reject(
          new Error(`${options.command} ${options.args.join(' ')}: ${signal ?? code}\n${tail}`),
        );
      }
    });
  });
}
