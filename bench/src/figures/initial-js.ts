/**
 * Figure 5: the JavaScript a browser loads before the SPA can show anything, gzipped, against
 * React and react-dom alone built the same way. "Initial" is read from Vite's manifest: the
 * entry chunk and every chunk it imports statically; lazy routes (dynamic imports) are left out.
 * Both are built with Vite here, through the web app's own vite.config.ts, into temporary
 * directories: apps/web/dist, which the BFF serves, is not touched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason } from '../lib/figure';
import { WEB_DIR } from '../lib/paths';
import { formatKiB, formatRatio, round } from '../lib/stats';

const FIGURE = 'Initial JavaScript of the SPA, gzip';
const GOAL = '≤ 3× baseline';
const BASELINE_APP = fileURLToPath(new URL('../../fixtures/react-baseline', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Builds `root` with the web app's Vite configuration and returns the initial JS, gzipped. */
async function initialBytes(
  root: string,
  outDir: string,
): Promise<{ gzip: number; raw: number; files: number }> {
  await build({
    root,
    configFile: join(WEB_DIR, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  let gzip = 0;
  let raw = 0;
  for (const key of initial) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    const bytes = readFileSync(join(outDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { gzip, raw, files: initial.size };
}

export const initialJs: Figure = {
  id: 'initial-js',
  timeoutMs: 180_000,
  async run(ctx: BenchContext): Promise<Row[]> {
    ctx.log('  building the React baseline');
    const baseline = await initialBytes(BASELINE_APP, join(ctx.workDir, 'react-baseline'));
    const baselineText = `React + react-dom ${formatKiB(baseline.gzip)}`;
    let spa;
    try {
      ctx.log('  building the SPA');
      spa = await initialBytes(WEB_DIR, join(ctx.workDir, 'web'));
    } catch (error) {
      return [
        {
          figure: FIGURE,
          value: `not measured: the SPA did not build (${failureReason(error)})`,
          baseline: baselineText,
          ratio: '',
          goal: GOAL,
          pass: null,
          raw: { baseline_gzip: baseline.gzip },
        },
      ];
    }
    const ratio = spa.gzip / baseline.gzip;
    return [
      {
        figure: FIGURE,
        value: formatKiB(spa.gzip),
        baseline: baselineText,
        ratio: formatRatio(ratio),
        goal: GOAL,
        pass: ratio <= 3,
        raw: {
          spa_gzip: spa.gzip,
          spa_raw: spa.raw,
          baseline_gzip: baseline.gzip,
          baseline_raw: baseline.raw,
          ratio: round(ratio),
        },
        note: `entry and its static imports (${spa.files} chunks), gzip -9; minified ${formatKiB(spa.raw)} vs ${formatKiB(baseline.raw)}`,
      },
    ];
  },
};
