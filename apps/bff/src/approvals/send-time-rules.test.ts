import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { countingStatements } from '../../test/databases';
import { sharedDb, testUsers } from '../../test/harness';
import { createSsoOperatorStore } from '../oidc/sso-operators';
import { staticDirectory } from '../operators/operator-directory';
import { makerRoles } from './send-time-rules';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

/** Two people single sign-on knows (a finance and a support), and the directory of test users. */
async function known() {
  const { db, seen } = countingStatements(await sharedDb());
  const sso = createSsoOperatorStore(db);
  const identity = (name: string) => `oidc:${randomUUID()}:${name}`;
  const [finance, support] = [identity('finance'), identity('support')];
  for (const [who, role] of [
    [finance, 'finance'],
    [support, 'support'],
  ] as const) {
    await sso.signedIn({
      identity: who,
      issuer: 'https://idp',
      subject: who,
      display_name: who,
      role,
    });
  }
  return {
    deps: { directory: staticDirectory(await testUsers()), ssoOperators: sso },
    seen,
    finance,
    support,
  };
}

describe('the roles of the makers of entries decided again (makerRoles)', () => {
  it('takes the users file’s role, then single sign-on’s; a maker known to neither is a viewer', async () => {
    const { deps, finance, support } = await known();
    const gone = `oidc:${randomUUID()}:gone`;
    const roles = await makerRoles(deps, ['admin', finance, support, gone, 'auditor']);
    expect(Object.fromEntries(roles)).toEqual({
      admin: 'admin',
      [finance]: 'finance',
      [support]: 'support',
      [gone]: 'viewer',
      auditor: 'auditor',
    });
  });

  it('asks single sign-on once for every maker only it knows, however many entries they made', async () => {
    const { deps, seen, finance, support } = await known();
    const before = seen.statements;
    const makers = [finance, support, finance, support, finance, 'admin'];
    expect((await makerRoles(deps, makers)).size).toBe(3);
    expect(seen.statements - before).toBe(1);
  });

  it('asks the database nothing when the users file knows every maker', async () => {
    const { deps, seen } = await known();
    const before = seen.statements;
    await makerRoles(deps, ['admin', 'finance', 'admin']);
    expect(seen.statements - before).toBe(0);
  });
});
