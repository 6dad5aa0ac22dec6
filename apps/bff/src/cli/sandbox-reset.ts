/**
 * `pnpm cli sandbox:reset [--with-journal]`: the embedded sandbox starts afresh from its seed at
 * the next start (ADR 033). Its state is moved aside, never deleted. The journal names records
 * the sandbox holds, so a fresh sandbox beside a journal with entries would leave every entry
 * "sent, not at the service": the command refuses then, unless told to set the journal (the
 * embedded database under DATA_DIR, with sessions and approvals) aside too.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { journalDir, sandboxStateDir } from '../bootstrap/data-dirs';
import type { Db } from '../db/db';
import { createJournalStore } from '../journal/journal-store';
import { CliError } from './users-commands';

export interface SandboxResetOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  withJournal: boolean;
  /** For the name of what is set aside. */
  now?: Date;
  /** Opens the journal's database (the CLI's default opens DATABASE_URL's or the embedded one). */
  openDb?: () => Promise<Db>;
}

/** Whether a process with this id runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The console still running on this DATA_DIR: it would write its state back over the reset. */
function runningOwner(stateDir: string): number | undefined {
  const file = join(stateDir, 'owner.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

async function journalHoldsEntries(options: SandboxResetOptions): Promise<boolean> {
  if (!options.databaseUrl && !existsSync(journalDir(options.dataDir))) return false;
  const open =
    options.openDb ??
    (async () => {
      const { openDb } = await import('../db/open-db');
      return openDb(
        options.databaseUrl
          ? { databaseUrl: options.databaseUrl }
          : { dataDir: journalDir(options.dataDir) },
      );
    });
  const db = await open();
  try {
    const page = await createJournalStore(db).list({}, 1);
    return page.items.length > 0;
  } finally {
    await db.close();
  }
}

/** Does the reset, or refuses with what to do; answers what it did, for the terminal. */
export async function sandboxReset(options: SandboxResetOptions): Promise<string> {
  const stateDir = sandboxStateDir(options.dataDir);
  const pid = runningOwner(stateDir);
  if (pid !== undefined) {
    throw new CliError(
      `The console (process ${pid}) is running on ${options.dataDir}: stop it first, then run sandbox:reset again.`,
    );
  }
  const entries = await journalHoldsEntries(options);
  if (entries && options.databaseUrl) {
    throw new CliError(
      'The journal holds entries and is on the PostgreSQL server of DATABASE_URL, which this command cannot set aside: point DATABASE_URL at an empty database, or unset it, and run sandbox:reset again.',
    );
  }
  if (entries && !options.withJournal) {
    throw new CliError(
      [
        `The journal in ${journalDir(options.dataDir)} holds entries that name records of this sandbox;`,
        'a fresh sandbox would leave each of them "sent, not at the service".',
        'Run `pnpm cli sandbox:reset --with-journal` to set the journal aside too (moved, not deleted).',
      ].join('\n'),
    );
  }
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const moved: string[] = [];
  const setAside = (dir: string) => {
    if (!existsSync(dir)) return;
    const to = `${dir}.set-aside-${stamp}`;
    renameSync(dir, to);
    moved.push(`  ${dir} → ${to}`);
  };
  setAside(stateDir);
  if (options.withJournal && !options.databaseUrl) setAside(journalDir(options.dataDir));
  const lines = ['The sandbox starts afresh from its seed at the next start.'];
  if (moved.length > 0) lines.push('Set aside (delete them when no longer wanted):', ...moved);
  else lines.push('There was no saved sandbox state to set aside.');
  return lines.join('\n');
}
