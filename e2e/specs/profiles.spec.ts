import { DEMO_IDS, routeOf } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { docsScreenshot, expect, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { empty, payouts, marketMaking, omnibus } = DEMO_IDS.profiles;

test.describe('Profiles and balances', () => {
  test('an internal transfer picks both profiles by nickname, shows the balance, and warns past it', async ({
    page,
  }) => {
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create internal transfer');
    await form.goto(routeOf('createInternalTransfer'));
    await form.fill({ Asset: 'USD' });

    // By name, as typed: the options show the id small and the balance of the asset.
    await form.field('From profile').fill('emp');
    const option = page.getByRole('option', { name: /Empty/ });
    await expect(option).toContainText(empty);
    await expect(option).toContainText('1.00 USD');
    await option.click();
    await expect(form.form.getByText(empty, { exact: true })).toBeVisible();
    await expect(form.form.getByText('Available 1.00 USD')).toBeVisible();

    // A pasted id the console does not know is refused; one it knows is taken.
    await form.field('To profile').fill('00000000-0000-4000-8000-000000000000');
    await expect(form.form.getByText(/No profile the console can see is /)).toBeVisible();
    await form.field('To profile').fill(payouts);
    await form.field('To profile').blur();
    await expect(form.field('To profile')).toHaveValue('Payouts');
    await expect(form.form.getByText(payouts, { exact: true })).toBeVisible();

    await form.fill({ Amount: '5.00' });
    const warning = page.getByRole('status').filter({ hasText: 'More than is available' });
    await expect(warning).toContainText('5.00 USD is more than the 1.00 USD available in Empty');
    await expectAccessible(page, 'transfer form with pickers and a balance warning');
    await form.fill({ Amount: '0.50' });
    await expect(warning).toHaveCount(0);
  });

  test('a profile shows each asset available and held by open orders, its orders, transfers and addresses one click away', async ({
    page,
  }) => {
    await signIn(page, 'vera', '/profiles');
    // The profiles table's link: the balances below link each profile too (issue 33, item 6).
    await page
      .getByRole('table', { name: 'Profiles' })
      .getByRole('link', { name: 'Market Making' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Profile: Market Making' }),
    ).toBeVisible();
    const balances = page.getByRole('table', { name: 'Balances' });
    // The desk's open ETH sell and BTC bid hold funds: trading is not zero for them.
    const eth = balances.getByRole('row').filter({ hasText: /^ETH/ });
    await expect(eth).toBeVisible();
    await expect(eth.getByRole('cell').nth(2)).not.toHaveText('0');
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    await expectAccessible(page, 'profile with balances');
    await docsScreenshot(page, 'profile-balances');

    await page.getByRole('link', { name: 'Orders of this profile' }).click();
    await expect(page).toHaveURL(new RegExp(`profile=${marketMaking}`));
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toContainText(
      'Market Making',
    );

    // Its transfers and deposit addresses are one click from its page too.
    await page.goto(`/profiles/${omnibus}`);
    await page.getByRole('link', { name: 'Transfers of this profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/transfers\\?profile=${omnibus}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Deposit addresses of this profile' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deposit addresses of Client Omnibus' }),
    ).toBeVisible();
    const addresses = page.getByRole('table', { name: 'Deposit addresses' });
    await expect(addresses.getByRole('row').nth(1)).toContainText('Client Omnibus');
    // What a deposit of the service's USD stablecoin becomes, in words.
    await expect(addresses).toContainText(
      /None: deposits are credited as they arrive|USD: the service/,
    );
    await expectAccessible(page, "a profile's deposit addresses");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/profiles/${marketMaking}`);
    await expect(page.getByRole('table', { name: 'Balances' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await page.goto('/profiles');
    // A phone lists the profiles as cards (issue 33, item 8), not a table.
    await expect(page.getByRole('list', { name: 'Profiles' })).toBeVisible();
    await expectAccessible(page, 'profiles list at phone width');
  });
});
