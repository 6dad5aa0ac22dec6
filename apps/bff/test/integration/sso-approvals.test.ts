import { exampleInput, type JournalEntry } from '@console/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPolicy } from '../../src/approvals/policy';
import { unsignedDefaultPolicy } from '../unsigned-policy';
import { hashPassword } from '../../src/operators/password';
import type { UserRecord } from '../../src/operators/users-file';
import { ssoIdentity } from '../../src/oidc/sso-identity';
import { TEST_SCRYPT } from '../harness';
import { HttpBrowser } from '../http-browser';
import { ssoHarness, type SsoHarness } from '../sso-harness';

const FAY_PASSWORD = 'fay-local-pass-1';
const transfer = () => ({ ...exampleInput('createInternalTransfer'), amount: '125.50' });

/** A local break-glass operator, the same person as `fin.ops` at the provider when `linked`. */
async function fay(issuer: string, linked: boolean): Promise<UserRecord> {
  return {
    username: 'fay',
    display_name: 'Fay (break-glass)',
    role: 'finance',
    password_hash: await hashPassword(FAY_PASSWORD, TEST_SCRYPT),
    ...(linked ? { sso_identity: ssoIdentity(issuer, 'fin.ops') } : {}),
  };
}

/*
 * Maker-checker with operators who sign in through the provider: identities are compared, so an
 * SSO maker cannot approve their own request, another SSO operator can, and the same person
 * through a password is one operator only when the users file links the two.
 */
describe('approvals with single sign-on', () => {
  let h: SsoHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function signedIn(username: string) {
    const browser = new HttpBrowser();
    const landed = await h!.signIn(browser, username);
    expect(landed.location).toBe('/journal');
    return browser;
  }
  async function passwordSignIn(username: string, password: string) {
    const browser = new HttpBrowser();
    const response = await h!.send(browser, 'POST', '/api/session', { username, password });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const [name, value] = cookie.split('=');
    browser.setCookie(h!.url('/'), name!, value!);
    return browser;
  }
  async function submit(browser: HttpBrowser) {
    const response = await h!.send(
      browser,
      'POST',
      '/api/operations/createInternalTransfer',
      transfer(),
    );
    expect(response.status).toBe(202);
    return ((await response.json()) as { journal: JournalEntry }).journal;
  }
  const approve = (browser: HttpBrowser, id: string) =>
    h!.send(browser, 'POST', `/api/approvals/${id}/approve`);

  it('names the SSO maker in the journal, refuses their own approval, and takes another’s', async () => {
    h = await ssoHarness({ policy: unsignedDefaultPolicy() });
    const maker = await signedIn('fin.ops');
    const entry = await submit(maker);
    expect(entry.operator).toBe(ssoIdentity(h.idp.issuer, 'fin.ops'));
    expect(entry.operator_name).toBe('Fay Operations');

    expect((await approve(maker, entry.id)).status).toBe(403);
    const checker = await signedIn('fin.ops2');
    const approved = await approve(checker, entry.id);
    expect(approved.status).toBe(200);
    const body = (await approved.json()) as { journal: JournalEntry };
    expect(body.journal.state).toBe('SUCCEEDED');
    const approvals = await h.db.query<{ approver: string; approver_name: string }>(
      'select approver, approver_name from approvals where journal_id = $1',
      [entry.id],
    );
    expect(approvals).toEqual([
      { approver: ssoIdentity(h.idp.issuer, 'fin.ops2'), approver_name: 'Finn Checker' },
    ]);
  });

  it('counts an SSO approver by the role of their last sign-in', async () => {
    h = await ssoHarness({
      policy: buildPolicy({
        operations: { createInternalTransfer: { required: true, approvers: 2 } },
      }),
    });
    const maker = await signedIn('fin.ops');
    const before = await submit(maker);
    const after = await submit(maker);
    const finn = await signedIn('fin.ops2');
    const admin = await signedIn('adm.root');
    expect((await approve(finn, before.id)).status).toBe(202);
    expect((await approve(finn, after.id)).status).toBe(202);
    // Both SSO approvals count while Finn is in finance: the request goes out.
    expect((await approve(admin, before.id)).status).toBe(200);
    // Finn is moved to support at the provider and signs in again: his approval stops counting.
    h.idp.user('fin.ops2').groups = ['console-support'];
    await signedIn('fin.ops2');
    expect((await approve(admin, after.id)).status).toBe(202);
    const state = await h.db.query<{ state: string }>(
      'select state from journal_entries where id = $1',
      [after.id],
    );
    expect(state).toEqual([{ state: 'AWAITING_APPROVAL' }]);
  });

  it('stops counting an SSO approver once a sign-in of theirs is refused for want of a group', async () => {
    h = await ssoHarness({
      policy: buildPolicy({
        operations: { createInternalTransfer: { required: true, approvers: 2 } },
      }),
    });
    const maker = await signedIn('fin.ops');
    const before = await submit(maker);
    const after = await submit(maker);
    const finn = await signedIn('fin.ops2');
    const admin = await signedIn('adm.root');
    expect((await approve(finn, before.id)).status).toBe(202);
    expect((await approve(finn, after.id)).status).toBe(202);
    expect((await approve(admin, before.id)).status).toBe(200);
    // Finn leaves every console group; the provider says so when he next tries to sign in.
    h.idp.user('fin.ops2').groups = ['staff'];
    expect((await h.signIn(new HttpBrowser(), 'fin.ops2')).location).toBe('/sign-in?sso=no-role');
    expect((await approve(admin, after.id)).status).toBe(202);
    const state = await h.db.query<{ state: string }>(
      'select state from journal_entries where id = $1',
      [after.id],
    );
    expect(state).toEqual([{ state: 'AWAITING_APPROVAL' }]);
  });

  /** A users file that the test changes while the console runs. */
  let users: UserRecord[] = [];
  const directory = {
    find: (name: string) => users.find((u) => u.username === name),
    list: () => users,
  };

  it('keeps a password operator and an SSO operator apart unless the users file links them', async () => {
    users = [];
    h = await ssoHarness({ policy: unsignedDefaultPolicy(), directory });
    users = [await fay(h.idp.issuer, false)];
    const entry = await submit(await signedIn('fin.ops'));
    // Unlinked, "fay" is another operator: she may approve what fin.ops made.
    const password = await passwordSignIn('fay', FAY_PASSWORD);
    expect((await approve(password, entry.id)).status).toBe(200);

    // Linked: a sign-in through the provider is fay herself, so she cannot check her own request.
    users = [await fay(h.idp.issuer, true)];
    const asFay = await signedIn('fin.ops');
    expect((await h.session(asFay)).body.operator).toEqual({
      username: 'fay',
      display_name: 'Fay (break-glass)',
      role: 'finance',
    });
    const own = await submit(asFay);
    expect(own.operator).toBe('fay');
    const sameFay = await passwordSignIn('fay', FAY_PASSWORD);
    expect((await approve(sameFay, own.id)).status).toBe(403);

    // Unlinking ends the linked session at its next request.
    users = [await fay(h.idp.issuer, false)];
    expect((await h.session(asFay)).status).toBe(401);
  });

  it('refuses a linked person whose role at the provider differs from their record', async () => {
    users = [];
    h = await ssoHarness({ policy: unsignedDefaultPolicy(), directory });
    users = [{ ...(await fay(h.idp.issuer, true)), role: 'admin' }];
    const browser = new HttpBrowser();
    expect((await h.signIn(browser, 'fin.ops')).location).toBe('/sign-in?sso=role-differs');
    expect(await h.sessionRows()).toEqual([]);
    const refused = (await h.events()).filter((e) => e.kind === 'sso-sign-in-refused');
    expect(refused[0]!.detail).toContain('linked to fay, whose role is admin');
  });
});
