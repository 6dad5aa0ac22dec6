import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';
import { configurationWarnings } from '../env-warnings';
import { parseRoleMap } from './oidc-settings';

const dir = mkdtempSync(join(tmpdir(), 'oidc-env-'));
const file = (name: string, content: string, mode = 0o600) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
};
const rsaPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

function problems(vars: Record<string, string>): string[] {
  try {
    parseEnv(vars);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

const SSO = {
  OIDC_ISSUER: 'https://idp.example.com/oauth2/default',
  OIDC_CLIENT_ID: 'console',
  OIDC_CLIENT_SECRET: 'a-secret',
  OIDC_ROLE_MAP: 'console-finance=finance, console-support=support',
};

describe('single sign-on configuration', () => {
  it('is off without OIDC_ISSUER, and complete with it', () => {
    expect(parseEnv({}).oidc).toBeUndefined();
    expect(parseEnv(SSO).oidc).toEqual({
      issuer: 'https://idp.example.com/oauth2/default',
      clientId: 'console',
      clientAuth: { kind: 'client-secret', secret: 'a-secret' },
      roleClaim: 'groups',
      roleMap: [
        { group: 'console-finance', role: 'finance' },
        { group: 'console-support', role: 'support' },
      ],
      providerName: 'idp.example.com',
      scopes: 'openid profile email',
      insecureLoopback: false,
    });
  });

  it('names every bad variable in one message', () => {
    expect(
      problems({
        OIDC_ISSUER: 'http://idp.example.com',
        OIDC_ROLE_MAP: 'console-finance=banker,broken',
        OIDC_ROLE_CLAIM: 'a..b',
        OIDC_SCOPES: 'profile email',
      }).sort(),
    ).toEqual(
      [
        'OIDC_ISSUER: must be https:// (plain http only on a loopback address)',
        'OIDC_CLIENT_ID: required with OIDC_ISSUER',
        'OIDC_CLIENT_SECRET: required with OIDC_ISSUER (or OIDC_CLIENT_SECRET_FILE, or OIDC_PRIVATE_KEY_FILE for a private-key JWT)',
        'OIDC_ROLE_MAP: "banker" is not a role (admin, finance, support, viewer, auditor)',
        'OIDC_ROLE_MAP: "broken" is not group=role',
        'OIDC_ROLE_CLAIM: a claim name, or a dotted path to one',
        'OIDC_SCOPES: must include openid',
      ].sort(),
    );
    expect(problems({ OIDC_CLIENT_ID: 'console' })).toEqual([
      'OIDC_ISSUER: required with OIDC_CLIENT_ID',
    ]);
    expect(problems({ ...SSO, OIDC_ROLE_MAP: '' })).toEqual([
      'OIDC_ROLE_MAP: required with OIDC_ISSUER (e.g. console-finance=finance)',
    ]);
  });

  it('reads the client secret from a file, or a private key for a private-key JWT', () => {
    const secretFile = file('secret', 'from-a-file\n');
    const { OIDC_CLIENT_SECRET: _, ...noSecret } = SSO;
    expect(parseEnv({ ...noSecret, OIDC_CLIENT_SECRET_FILE: secretFile }).oidc?.clientAuth).toEqual(
      {
        kind: 'client-secret',
        secret: 'from-a-file',
      },
    );
    const keyFile = file('key.pem', rsaPem);
    expect(
      parseEnv({ ...noSecret, OIDC_PRIVATE_KEY_FILE: keyFile, OIDC_PRIVATE_KEY_ID: 'k1' }).oidc
        ?.clientAuth,
    ).toMatchObject({ kind: 'private-key-jwt', kid: 'k1', file: keyFile });
    expect(problems({ ...SSO, OIDC_PRIVATE_KEY_FILE: keyFile })).toEqual([
      'OIDC_CLIENT_SECRET and OIDC_PRIVATE_KEY_FILE: set only one of them',
    ]);
    const open = file('open.pem', rsaPem, 0o644);
    expect(problems({ ...noSecret, OIDC_PRIVATE_KEY_FILE: open })[0]).toMatch(
      /^OIDC_PRIVATE_KEY_FILE: .* is readable by group or others/,
    );
  });

  it('lets a real service start with single sign-on alone, and not without any operators', () => {
    const service = {
      SVC_BASE_URL: 'https://api.svc.example',
      SVC_AUTH_URL: 'https://auth.svc.example',
      SVC_CLIENT_ID: 'id',
      SVC_CLIENT_SECRET: 'secret',
    };
    expect(parseEnv({ ...service, ...SSO }).usersFile).toBeUndefined();
    expect(problems(service)).toEqual([
      expect.stringMatching(
        /^CONSOLE_USERS_FILE: required against a real service unless single sign-on is set/,
      ),
    ]);
  });

  it('accepts plain http on a loopback issuer only, and says so', () => {
    expect(parseEnv({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:4444' }).oidc?.insecureLoopback).toBe(
      true,
    );
    expect(problems({ ...SSO, OIDC_ISSUER: 'http://10.0.0.5' })).toHaveLength(1);
  });
});

describe('OIDC_ROLE_MAP', () => {
  it('keeps the order, and a group holding "="', () => {
    expect(parseRoleMap('a=b=admin,  staff = viewer ,').map).toEqual([
      { group: 'a=b', role: 'admin' },
      { group: 'staff', role: 'viewer' },
    ]);
  });
  it('refuses a group given twice', () => {
    expect(parseRoleMap('g=admin,g=viewer').problems).toEqual([
      'OIDC_ROLE_MAP: the group "g" is given twice',
    ]);
  });
});

describe('single sign-on warnings', () => {
  it('says which callback address the provider must know when PUBLIC_URL is unset', () => {
    const env = parseEnv({ ...SSO, PORT: '8080' });
    expect(configurationWarnings(env)).toEqual([
      expect.stringContaining('http://127.0.0.1:8080/api/session/oidc/callback'),
    ]);
    expect(
      configurationWarnings(
        parseEnv({ ...SSO, PUBLIC_URL: 'https://console.example', TRUST_PROXY: 'true' }),
      ),
    ).toEqual([]);
  });
});
