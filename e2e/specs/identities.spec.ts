import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, signIn, test } from '../fixtures';
import { pageOf } from '../pages/routes';

const { alice, carol, erin } = DEMO_IDS.identities;

test.describe('Identities and accounts', () => {
  test('the list says who may transact, and an identity opens with its accounts', async ({
    page,
  }) => {
    await signIn(page, 'fiona', pageOf('listIdentities'));
    await expect(page.getByRole('heading', { level: 1, name: 'Identities' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Identities' });
    const erinRow = table.getByRole('row').filter({ hasText: 'Erin Tanaka' });
    await expect(erinRow).toContainText('Frozen (legal order)');
    await expect(erinRow).toContainText('Cannot transact');
    const daveRow = table.getByRole('row').filter({ hasText: 'Dave Kowalski' });
    await expect(daveRow).toContainText('Denied');
    await expect(table.getByRole('row').filter({ hasText: 'Alice Moreau' })).toContainText(
      'May transact',
    );
    await expectAccessible(page, 'identities list');
    await screenshot(page, 'identities-list');

    await table.getByRole('link', { name: 'Alice Moreau', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alice Moreau' })).toBeVisible();
    await expect(page.getByText('alice.moreau@example.com')).toBeVisible();
    const accounts = page.getByRole('table', { name: 'Accounts of this identity' });
    await expect(accounts.getByRole('row').filter({ hasText: 'Market making desk' })).toContainText(
      'Its own (primary identity)',
    );
    await expect(
      accounts.getByRole('row').filter({ hasText: 'Northwind Trading: house account' }),
    ).toContainText('Member (TRADE)');
    await expectAccessible(page, 'identity page');
    await screenshot(page, 'identity-page');

    await accounts.getByRole('link', { name: 'Northwind Trading: house account' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Northwind Trading: house account' }),
    ).toBeVisible();
    await expect(page.getByText('(TRADE)')).toBeVisible();
    await expectAccessible(page, 'account page');
  });

  test('an account with a profile of its own links to it', async ({ page }) => {
    await signIn(page, 'fiona', pageOf('getAccount', { id: DEMO_IDS.accounts.alice }));
    await expect(page.getByRole('heading', { level: 1, name: 'Market making desk' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Market Making' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alice Moreau' })).toBeVisible();
  });

  test('a frozen identity shows why on its page', async ({ page }) => {
    await signIn(page, 'fiona', pageOf('getIdentity', { id: erin }));
    await expect(page.getByRole('heading', { level: 1, name: 'Erin Tanaka' })).toBeVisible();
    await expect(page.getByText('Cannot transact: Frozen (legal order)')).toBeVisible();
    const controls = page.getByRole('list', { name: 'Active controls' });
    await expect(controls).toContainText('“Court order freezing the account”');
    await expect(controls).toContainText(/Set by the service since .+; cannot be overridden/);
  });

  test('a sell-only identity shows what is still required of whom, with the service’s codes', async ({
    page,
  }) => {
    await signIn(page, 'fiona', pageOf('getIdentity', { id: carol }));
    await expect(page.getByRole('list', { name: 'Active controls' })).toContainText(
      'Sell only (compliance: KYC)',
    );
    const required = page.getByRole('list', { name: 'Still required' });
    await expect(required).toContainText('KYC refresh: Pending: awaiting the client (us)');
    await expect(required).toContainText(
      'PROOF_OF_ADDRESS_EXPIRED: The proof of address is over a year old',
    );
    await expectAccessible(page, 'identity with a control and a requirement');
  });

  test('a viewer sees personal data masked, as the console server sends it', async ({ page }) => {
    await signIn(page, 'vera', pageOf('getIdentity', { id: alice }));
    await expect(page.getByText('Your role sees personal data masked')).toBeVisible();
    // The details arrive masked: the email does not reach the browser whole.
    await expect(page.getByText('••••@example.com')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('alice.moreau@example.com');
    // The name as initials at most; an account's description is not personal: whole.
    await expect(page.getByRole('table', { name: 'Accounts of this identity' })).toContainText(
      'Market making desk',
    );
    await expect(page.getByRole('main')).not.toContainText('Moreau');
    await expectAccessible(page, 'identity page, masked');
  });

  test('the accounts list shows each account’s primary identity and members', async ({ page }) => {
    await signIn(page, 'fiona', pageOf('listAccounts'));
    const table = page.getByRole('table', { name: 'Accounts' });
    const northwind = table
      .getByRole('row')
      .filter({ hasText: 'Northwind Trading: house account' });
    await expect(northwind).toContainText('Northwind Trading Ltd');
    await expect(northwind).toContainText('Alice Moreau (TRADE)');
    await expectAccessible(page, 'accounts list');
  });
});
