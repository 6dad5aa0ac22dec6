import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module beside build.mjs, without type declarations
import { bffBuildOptions } from '../build-options.mjs';

/*
 * The sandbox is a development dependency: the build for the real service holds none of its
 * code, and the default build (demo, e2e) loads it from a chunk of its own, never from main.js.
 */
const root = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function bundle(withSandbox: boolean): Promise<Metafile> {
  const outdir = mkdtempSync(join(tmpdir(), 'bff-bundle-'));
  dirs.push(outdir);
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await build({ ...bffBuildOptions({ outdir, withSandbox }), write: false });
    return result.metafile!;
  } finally {
    process.chdir(cwd);
  }
}

/** The sandbox's source files an output file was built from. */
const sandboxInputs = (output: Metafile['outputs'][string]) =>
  Object.keys(output.inputs).filter((input) => /(^|\/)sandbox\/src\//.test(input));

describe('the BFF bundle', () => {
  it('for the real service holds no sandbox code', async () => {
    const meta = await bundle(false);
    const outputs = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'));
    expect(outputs.length).toBeGreaterThan(0);
    for (const [file, output] of outputs) expect(sandboxInputs(output), file).toEqual([]);
  }, 120_000);

  it('for the demo holds the sandbox in a chunk of its own, outside main.js', async () => {
    const meta = await bundle(true);
    const outputs = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'));
    const main = outputs.find(([file]) => file.endsWith('/main.js'));
    expect(main).toBeDefined();
    expect(sandboxInputs(main![1])).toEqual([]);
    // The check above can fail: the sandbox's code is in this build, in another file.
    expect(outputs.some(([, output]) => sandboxInputs(output).length > 0)).toBe(true);
    // Every handler, found by file name, is in it; the tests beside them are not.
    const inputs = outputs.flatMap(([, output]) => Object.entries(output.inputs));
    const handlers = inputs.filter(([input]) =>
      /sandbox\/src\/handlers\/create-order\.ts$/.test(input),
    );
    expect(handlers.map(([, input]) => input.bytesInOutput > 0)).toEqual([true]);
    const tests = inputs.filter(([input]) => /\.test\.tsx?$/.test(input));
    expect(tests.filter(([, input]) => input.bytesInOutput > 0)).toEqual([]);
  }, 120_000);

  it('holds the batch checker’s worker as an entry beside the chunk that starts it', async () => {
    const meta = await bundle(false);
    const outputs = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'));
    const worker = outputs.find(([file]) => file.endsWith('/batch-check-worker.js'));
    expect(worker?.[1].entryPoint).toBe('src/batches/batch-check-worker.ts');
    // `batch-checker.ts` starts `./batch-check-worker.js` from its own file's directory.
    const starter = outputs.find(([, output]) =>
      Object.keys(output.inputs).includes('src/batches/batch-checker.ts'),
    );
    expect(starter).toBeDefined();
    expect(dirname(starter![0])).toBe(dirname(worker![0]));
  }, 120_000);
});
