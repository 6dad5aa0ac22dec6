import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_DIR } from '../lib/paths';
import { freePort, startProcess, waitForHttp, type Proc } from './processes';
import { TSX_IMPORT } from './sandbox-process';

const ENTRY = fileURLToPath(new URL('./pass-through-proxy.ts', import.meta.url));

/** Starts the bare proxy in front of `target`; ready once its port accepts a request. */
export async function startProxyProcess(
  dir: string,
  target: string,
): Promise<{ url: string; proc: Proc }> {
  const port = await freePort();
  const proc = startProcess({
    name: 'proxy',
    command: process.execPath,
    args: ['--import', TSX_IMPORT, ENTRY],
    cwd: BENCH_DIR,
    env: { ...process.env, PROXY_PORT: String(port), PROXY_TARGET: target },
    logFile: join(dir, 'proxy.log'),
  });
  const url = `http://127.0.0.1:${port}`;
  // Any answer means it listens: the sandbox answers its control route through it.
  await waitForHttp(`${url}/sandbox/log`, { proc, timeoutMs: 20_000 });
  return { url, proc };
}
