/**
 * One sandbox process and one BFF process in front of it, in a directory of their own. Figures
 * that need more (the bare proxy) add it; `close()` stops all of it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../lib/figure';
import { ensureBffBuilt, startBffProcess, type BffProcess } from './bff-process';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';
import { generateBenchKey, type BenchKey } from './signing-key';

export interface Stack {
  dir: string;
  key: BenchKey;
  sandbox: SandboxProcess;
  bff: BffProcess;
  close(): Promise<void>;
}

export async function startStack(ctx: BenchContext, name: string): Promise<Stack> {
  await ensureBffBuilt(ctx.log);
  const dir = join(ctx.workDir, name);
  mkdirSync(dir, { recursive: true });
  const key = await generateBenchKey(dir);
  const sandbox = await startSandboxProcess(dir, key);
  try {
    const nodeArgs = ctx.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'profile')}`] : [];
    const bff = await startBffProcess({ dir, sandbox, key, nodeArgs });
    return {
      dir,
      key,
      sandbox,
      bff,
      async close() {
        await bff.proc.stop();
        await sandbox.proc.stop();
      },
    };
  } catch (error) {
    await sandbox.proc.stop();
    throw error;
  }
}
