import { randomBytes } from 'node:crypto';

/** A person at the test provider: what they type on its login page and what it says of them. */
export interface TestUser {
  /** The login name typed on the provider's page; also the subject (`sub`) it issues. */
  username: string;
  password: string;
  name: string;
  email: string;
  /** The `groups` claim. */
  groups: string[];
}

/**
 * The directory of a run: one person in each of the three console groups and one in a group the
 * console does not map. Passwords are made at every start, never written anywhere.
 */
export function testUsers(): TestUser[] {
  const password = () => randomBytes(12).toString('base64url');
  return [
    {
      username: 'fin.ops',
      name: 'Fay Operations',
      email: 'fay@idp.test',
      groups: ['staff', 'console-finance'],
      password: password(),
    },
    {
      username: 'fin.ops2',
      name: 'Finn Checker',
      email: 'finn@idp.test',
      groups: ['staff', 'console-finance'],
      password: password(),
    },
    {
      username: 'sup.desk',
      name: 'Sue Desk',
      email: 'sue@idp.test',
      groups: ['staff', 'console-support'],
      password: password(),
    },
    {
      username: 'adm.root',
      name: 'Ari Admin',
      email: 'ari@idp.test',
      groups: ['staff', 'console-admin'],
      password: password(),
    },
    {
      username: 'mark.eting',
      name: 'Mark Eting',
      email: 'mark@idp.test',
      groups: ['staff', 'marketing'],
      password: password(),
    },
  ];
}

/** The console's role map for these groups, as `OIDC_ROLE_MAP` spells it. */
export const TEST_ROLE_MAP =
  'console-admin=admin,console-finance=finance,console-support=support,console-viewer=viewer';
