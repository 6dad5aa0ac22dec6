import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, operator, screenshot, test as base } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { SSO_PORT, startSsoConsole, type SsoConsole } from '../sso-console';

/** The spec's own console and provider, started once for its tests (worker scope). */
const test = base.extend<object, { sso: SsoConsole }>({
  sso: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = await startSsoConsole();
      await use(started);
      await started.close();
    },
    { scope: 'worker' },
  ],
});
test.use({ baseURL: `http://127.0.0.1:${SSO_PORT}` });

/** At the provider's own login page, as the person would. */
async function signInAtProvider(page: Page, sso: SsoConsole, username: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(sso.idp.issuer).host);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(sso.idp.user(username).password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('Single sign-on', () => {
  test('an operator signs in at the company provider, works in the console, and signs out of both', async ({
    page,
    sso,
  }) => {
    await page.goto('/journal');
    await expect(page).toHaveURL(/\/sign-in/);
    const button = page.getByRole('link', { name: 'Sign in with Test IdP' });
    await expect(button).toBeVisible();
    await expect(button).toBeFocused();
    await expect(page.getByRole('form', { name: 'Break-glass sign-in' })).toBeVisible();
    await expectAccessible(page, 'sign-in with single sign-on');
    await screenshot(page, 'sign-in-sso');

    await page.keyboard.press('Enter');
    await signInAtProvider(page, sso, 'fin.ops');

    // Back in the console, where the operator was going, as the role of their group.
    await expect(page).toHaveURL(/\/journal$/);
    const shell = new AppShell(page);
    await expect(shell.operator.getByText('Fay Operations')).toBeVisible();
    await expect(shell.operatorMenu()).toHaveAccessibleName(
      'Operator menu: Fay Operations, finance',
    );
    await expect(shell.navLink('Internal transfer')).toBeVisible();

    await shell.signOut();
    // The provider asks; yes, and it sends the browser back to the console's sign-in page.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/sign-in\?sso=signed-out$/);
    await expect(page.getByRole('status')).toHaveText(
      'You are signed out of the console and of Test IdP.',
    );
    expect((await page.request.get('/api/session')).status()).toBe(401);

    // Signed out at the provider too: the next sign-in asks for the password again.
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('a person in no console group is refused with a page that says why', async ({
    page,
    sso,
  }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await signInAtProvider(page, sso, 'mark.eting');
    await expect(page).toHaveURL(/\/sign-in\?sso=no-role$/);
    await expect(page.getByRole('alert')).toContainText(
      'none of your groups gives access to the console',
    );
    await expectAccessible(page, 'single sign-on refused');
    await screenshot(page, 'sign-in-sso-refused');
    expect((await page.request.get('/api/session')).status()).toBe(401);
  });

  test('a local operator still signs in through the break-glass form', async ({ page }) => {
    const fiona = operator('fiona');
    await page.goto('/sign-in');
    const form = page.getByRole('form', { name: 'Break-glass sign-in' });
    await form.getByLabel('Username').fill(fiona.username);
    await form.getByLabel('Password').fill(fiona.password);
    await form.getByRole('button', { name: 'Sign in with a local account' }).click();
    await expect(new AppShell(page).operator.getByText(fiona.display_name)).toBeVisible();
  });
});
