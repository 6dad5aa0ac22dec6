import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { startDemoConsole, type DemoConsole } from '../demo-console';
import { expect, test } from '../fixtures';
import { ApprovalsPages } from '../pages/approvals';
import { addVirtualAuthenticator, onLocalhost } from '../passkeys';

/** A demo operator signed in in a browser of their own, by the form, with the printed password. */
async function demoOperator(
  browser: Browser,
  demo: DemoConsole,
  username: string,
  displayName: string,
): Promise<Page> {
  // At localhost: the built-in policy asks a passkey for a policy version (issue 61).
  const page = await (await browser.newContext({ baseURL: onLocalhost(demo.url) })).newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demo.passwords[username]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('banner').getByLabel('Signed in operator').getByText(displayName),
  ).toBeVisible();
  return page;
}

/**
 * Issue 67: a fresh demo tries every four-eyes path. Started as `pnpm start` starts it on a new
 * machine (no users file: the demo operators), its admin proposes a policy version and the
 * second admin brings it into force.
 */
test.describe('A fresh demo', () => {
  test('its admin proposes a policy version and its second admin approves it', async ({
    browser,
  }) => {
    test.slow();
    const demo = await startDemoConsole();
    try {
      const admin = await demoOperator(browser, demo, 'admin', 'Demo Admin');
      await admin.goto('/policy');
      await expect(
        admin.getByRole('heading', { level: 2, name: 'Version 1, in force' }),
      ).toBeVisible();
      // Another admin exists: nothing warns that a proposal could not be approved.
      await expect(admin.getByRole('heading', { name: 'Propose a new version' })).toBeVisible();
      await expect(admin.getByText('Nobody could approve a proposal of yours now')).toHaveCount(0);

      // A rule that holds any send for an admin, placed where it can decide.
      await admin.getByRole('button', { name: 'Add a rule' }).click();
      await admin.getByRole('button', { name: 'Save rule' }).click();
      await expect(admin.getByText(/^Rule rule-\d+ was added as rule \d+/)).toBeVisible();
      await admin.getByLabel('Reason').fill('Try four eyes on the policy');
      await admin.getByRole('button', { name: 'Propose for approval' }).click();
      const held = admin
        .getByRole('alert')
        .filter({ hasText: 'Awaiting another admin’s approval' });
      await expect(held).toBeVisible();
      await expectAccessible(admin, 'a fresh demo’s proposal');
      const request = await held
        .getByRole('link', { name: 'Open the request' })
        .getAttribute('href');

      const second = await demoOperator(browser, demo, 'admin2', 'Demo Second Admin');
      // The built-in policy asks that a policy version be approved with a passkey: the second
      // admin registers one, and the first confirms it (else it cools off for a day).
      await addVirtualAuthenticator(second);
      await second.goto('/passkeys');
      await second.getByLabel('Name of the new passkey').fill('Laptop');
      await second.getByRole('button', { name: 'Register a passkey' }).click();
      await expect(second.getByRole('main')).toContainText('Cooling off');
      await admin.goto('/passkeys');
      await admin.getByRole('button', { name: 'Confirm' }).click();
      await expect(admin.getByRole('main')).toContainText('Signs decisions');
      await expectAccessible(admin, 'the passkeys page');
      await second.goto(request!);
      const approvals = new ApprovalsPages(second);
      await expect(second.getByRole('main')).toContainText(
        'The maker’s reason: Try four eyes on the policy',
      );
      await approvals.approve();
      await expect(approvals.history).toContainText('Approved');
      await expect(second.getByRole('main')).toContainText(
        /Signed with passkey ‘Laptop’ by Demo Second Admin, \d\d:\d\d/,
      );
      await expectAccessible(second, 'a decision signed with a passkey');

      await admin.goto('/policy');
      await expect(
        admin.getByRole('heading', { level: 2, name: 'Version 2, in force' }),
      ).toBeVisible();
      await expect(admin.getByRole('main')).toContainText('approved by');
    } finally {
      await demo.close();
    }
  });
});
