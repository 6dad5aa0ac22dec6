import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleInput, ROLES } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const web = join(root, 'apps/web');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

const newest = (paths: string[]) =>
  Math.max(
    ...paths
      .filter(existsSync)
      .flatMap((p) => (statSync(p).isDirectory() ? files(p) : [p]))
      .map((f) => statSync(f).mtimeMs),
  );

/**
 * The built SPA: `apps/web/dist` when it is newer than every source it is built from, else a
 * fresh build into a temporary directory (so a run never rewrites the dist others may serve).
 */
function builtSpa(): string {
  const dist = join(web, 'dist');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    join(web, p),
  );
  sources.push(join(root, 'packages/schemas/src'));
  if (existsSync(join(dist, 'index.html')) && newest([dist]) >= newest(sources)) return dist;
  const out = mkdtempSync(join(tmpdir(), 'web-build-'));
  execFileSync(
    'pnpm',
    ['--filter', '@console/web', 'exec', 'vite', 'build', '--outDir', out, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'pipe',
      timeout: 280_000,
    },
  );
  return out;
}

describe('the built SPA', () => {
  const secrets: RunSecrets = { values: new Set(), tokens: 0 };
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it('holds none of the secrets of a run: client secret, key material, tokens, passwords, sessions', async () => {
    const h = await sandboxHarness({ alg: 'ES256', secrets });
    close = h.close;
    for (const role of ROLES) await h.signIn(role);
    const res = await h.post(
      '/api/operations/createDepositAddress',
      await h.signIn('finance'),
      exampleInput('createDepositAddress'),
    );
    expect(res.status).toBe(200);
    expect(secrets.tokens).toBeGreaterThan(0);

    const dist = builtSpa();
    const emitted = files(dist);
    expect(emitted.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of emitted) {
      const name = relative(dist, file);
      expect(name, 'no source maps are shipped').not.toMatch(/\.map$/);
      const text = readFileSync(file).toString('latin1');
      expect(text, name).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      for (const secret of secrets.values) {
        if (secret.length >= 8) expect(text.includes(secret), `${name} holds a secret`).toBe(false);
      }
    }
    // No inline script: the CSP's script-src 'self' would block it, and it is the XSS foothold.
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    for (const tag of index.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc=/);
    expect(index).not.toMatch(/<script\b[^>]*>[^<\s]/);
  }, 300_000);
});
