import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditKeyFromPem } from '../audit/audit-key';
import { DEMO_AUDIT_KEY_FILE, readAuditCliEnv } from '../env';
import { startEmbeddedSandbox } from './sandbox-mode';

afterEach(() => vi.unstubAllEnvs());

describe('the demo start makes an audit key like its other keys (issue 60, item 10)', () => {
  it.each([
    { configured: false, made: true },
    { configured: true, made: false },
  ])('an audit key configured: $configured; one made: $made', async ({ configured, made }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-keys-'));
    const start = () =>
      startEmbeddedSandbox({ dataDir, port: 0, host: '127.0.0.1', auditKeyConfigured: configured });
    const first = await start();
    await first.close();
    expect(first.auditKeyPem !== undefined).toBe(made);
    if (!first.auditKeyPem) return;
    // A usable Ed25519 key, kept secret, and the same one at the next start.
    expect((await auditKeyFromPem(first.auditKeyPem)).kid).toMatch(/^[\w-]{43}$/);
    expect(statSync(join(dataDir, DEMO_AUDIT_KEY_FILE)).mode & 0o777).toBe(0o600);
    const second = await start();
    await second.close();
    expect(second.auditKeyPem).toBe(first.auditKeyPem);
  });

  it.each([
    { what: 'the demo', svc: undefined, named: undefined, expected: 'demo' },
    { what: 'a real service', svc: 'https://svc.example', named: undefined, expected: undefined },
    { what: 'a named key', svc: undefined, named: '/keys/audit.pem', expected: '/keys/audit.pem' },
  ])('pnpm cli audit:* reads the demo key for $what', async ({ svc, named, expected }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-keys-'));
    const demo = await startEmbeddedSandbox({ dataDir, port: 0, host: '127.0.0.1' });
    await demo.close();
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SVC_BASE_URL', svc ?? '');
    vi.stubEnv('AUDIT_SIGNING_KEY_FILE', named ?? '');
    expect(readAuditCliEnv().keyFile).toBe(
      expected === 'demo' ? join(dataDir, DEMO_AUDIT_KEY_FILE) : expected,
    );
  });
});
