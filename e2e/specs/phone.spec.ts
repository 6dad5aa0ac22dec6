import { routeOf } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { docsScreenshot, expect, screenshot, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { JournalPage } from '../pages/journal-page';
import { sendInternalTransfer } from '../pages/tasks';

test.use({ viewport: { width: 390, height: 844 } });

/** True when the page itself scrolls sideways: something is wider than the screen. */
const pageOverflows = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('At phone width (390 × 844)', () => {
  test('pages fit the screen, tables scroll inside themselves, Sign out is reachable', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    await sendInternalTransfer(page, '5.55');
    const shell = new AppShell(page);

    for (const path of [
      '/',
      routeOf('createInternalTransfer'),
      routeOf('createOrder'),
      '/orders',
      '/approvals',
      '/sessions',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await pageOverflows(page), `${path} scrolls sideways`).toBe(false);
    }

    const journal = new JournalPage(page);
    await journal.goto();
    await expect(journal.rows().first()).toBeVisible();
    expect(await pageOverflows(page), '/journal scrolls sideways').toBe(false);
    // A phone gets the entries as cards, nothing to scroll sideways (issue 33, item 8; this
    // spec used to find a table scrolling inside itself): the outcome and amount in view.
    await expect(journal.table).toHaveCount(0);
    const first = journal.cards().getByRole('listitem').first();
    await expect(first).toBeInViewport();
    await expect(first).toContainText(/Succeeded|Rejected|Awaiting approval|Outcome unknown/);
    await expectAccessible(page, 'journal at phone width');
    await screenshot(page, 'phone-journal');
    await docsScreenshot(page, 'phone-journal');

    await page.goto('/');
    await expect(shell.operatorMenu()).toBeInViewport();
    await screenshot(page, 'phone-home');
    await docsScreenshot(page, 'phone-home');
    const menu = await shell.openOperatorMenu();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeInViewport();
    await expectAccessible(page, 'operator menu at phone width');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
