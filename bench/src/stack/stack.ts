/**
 * One sandbox process and one BFF process in front of it, in a directory of their own. Figures
 * that need more (the bare proxy) add it; `close()` stops all of it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMs } from '../lib/cpu';
import type { BenchContext } from '../lib/figure';
import { ensureBffBuilt, startBffProcess, type BffProcess } from './bff-process';
import { startPgCluster, type PgCluster } from '@console/bff/test/pg-cluster';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';
import { generateBenchKey, type BenchKey } from './signing-key';

/** Where the BFF keeps its journal: embedded PGlite in its data directory, or a server. */
export type Database = 'pglite' | 'postgres';

export const DATABASE_NAMES: Record<Database, string> = {
  pglite: 'PGlite',
  postgres: 'PostgreSQL',
};

export interface Stack {
  dir: string;
  database: Database;
  key: BenchKey;
  sandbox: SandboxProcess;
  bff: BffProcess;
  /** The journal's server, on PostgreSQL. */
  postgres?: PgCluster;
  /** CPU milliseconds the BFF and its database server have used so far. */
  bffCpuMs(): number;
  close(): Promise<void>;
}

export async function startStack(
  ctx: BenchContext,
  name: string,
  database: Database = 'pglite',
  /** More for the BFF: node flags (a heap limit, a probe) and its environment. */
  bffOptions: {
    nodeArgs?: string[];
    env?: Record<string, string>;
    main?: string;
    /** The run's signing key as the audit key too (`AUDIT_SIGNING_KEY_FILE`: signed exports). */
    auditKey?: boolean;
  } = {},
): Promise<Stack> {
  await ensureBffBuilt(ctx.log);
  const dir = join(ctx.workDir, name);
  mkdirSync(dir, { recursive: true });
  const key = await generateBenchKey(dir);
  let postgres: PgCluster | undefined;
  let sandbox: SandboxProcess | undefined;
  try {
    // Durable, as in production: every commit waits for its WAL flush.
    if (database === 'postgres') postgres = await startPgCluster({ durable: true });
    sandbox = await startSandboxProcess(dir, key);
    const nodeArgs = [
      ...(ctx.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'profile')}`] : []),
      ...(bffOptions.nodeArgs ?? []),
    ];
    const bff = await startBffProcess({
      dir,
      sandbox,
      key,
      nodeArgs,
      ...(bffOptions.main ? { main: bffOptions.main } : {}),
      env: {
        ...bffOptions.env,
        ...(bffOptions.auditKey ? { AUDIT_SIGNING_KEY_FILE: key.file } : {}),
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
    });
    const started = sandbox;
    return {
      dir,
      database,
      key,
      sandbox: started,
      bff,
      ...(postgres ? { postgres } : {}),
      bffCpuMs: () => cpuMs(bff.proc.pid) + (postgres ? cpuMs(postgres.pid) : 0),
      async close() {
        await bff.proc.stop();
        await started.proc.stop();
        await postgres?.stop();
      },
    };
  } catch (error) {
    await sandbox?.proc.stop();
    await postgres?.stop();
    throw error;
  }
}
