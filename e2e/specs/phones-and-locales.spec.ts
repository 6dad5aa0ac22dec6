import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { currentConsole } from '../consoles';
import { docsScreenshot, expect, setRole, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { OperationForm } from '../pages/operation-form';
import { previewStalled } from '../pages/review';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const { treasury, payouts } = DEMO_IDS.profiles;

/** The text of whatever in `scope` is cut: wider than its box, with its overflow hidden. */
const cut = (scope: Locator) =>
  scope.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((el) => {
        const style = getComputedStyle(el);
        const hides = style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
        return hides && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim();
      })
      .map((el) => el.textContent?.trim()),
  );

/** Whether each of `items` lies whole inside `box`, from its left edge to its right. */
async function insideOf(box: Locator, items: Locator): Promise<boolean> {
  const outer = await box.boundingBox();
  if (!outer) return false;
  for (const item of await items.all()) {
    const inner = await item.boundingBox();
    if (!inner || inner.x < outer.x - 1 || inner.x + inner.width > outer.x + outer.width + 1)
      return false;
  }
  return true;
}

/** The prices strip, once its prices are read: one line per market, each whole. */
async function pricesStrip(page: Page): Promise<{ strip: Locator; markets: Locator }> {
  const strip = page.getByRole('region', { name: 'Prices' });
  await expect(strip).toContainText('BTCUSD');
  await expect(strip).toContainText('ETHUSD');
  return { strip, markets: strip.locator('p') };
}

test.describe('Phones and locales (issue 60, item 7)', () => {
  test('at 390 px the header is whole: the theme in the operator menu, the prices wrap', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, 'fiona');
    const shell = new AppShell(page);
    const header = page.getByRole('banner');
    await expect(shell.operatorMenu()).toBeInViewport();
    await expect(header.getByText('Fiona Finance')).toBeInViewport();
    expect(await cut(header), 'cut in the header').toEqual([]);
    await expectAccessible(page, 'home at phone width');
    await docsScreenshot(page, 'phone-header');

    // The theme switch moved into the operator menu on a phone.
    const menu = await shell.openOperatorMenu();
    await menu.getByRole('menuitem', { name: /^Switch to (dark|light) theme$/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const back = await shell.openOperatorMenu();
    await back.getByRole('menuitem', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.goto('/orders');
    const { strip, markets } = await pricesStrip(page);
    expect(await insideOf(strip, markets), 'a market of the prices strip is cut').toBe(true);
    expect(await cut(header), 'cut in the header').toEqual([]);
    await expectAccessible(page, 'orders at phone width');
    await docsScreenshot(page, 'phone-orders');

    // The search page's field gives way, not its button's word.
    await page.goto('/find');
    const search = page.getByRole('search', { name: 'Find a record' });
    await expect(search.getByRole('button', { name: 'Find' })).toBeInViewport({ ratio: 1 });
    expect(await cut(search), 'cut in the search form').toEqual([]);
  });

  test('at 1366 px the prices strip wraps whole and the orders table shows its last column', async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'fiona');
    await page.goto('/orders');
    const { strip, markets } = await pricesStrip(page);
    expect(await insideOf(strip, markets), 'a market of the prices strip is cut').toBe(true);

    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The table fits beside the navigation: nothing scrolls under its pinned action column.
    const scrolls = await table.evaluate((t) => {
      const box = t.parentElement as HTMLElement;
      return box.scrollWidth > box.clientWidth + 1;
    });
    expect(scrolls, 'the orders table scrolls sideways at 1366 px').toBe(false);
    const last = table.getByRole('columnheader').last();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'orders at 1366 px');
    await docsScreenshot(page, 'laptop-orders');
  });

  test('a British browser enters days as YYYY-MM-DD, as every page writes them', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: currentConsole().url,
      viewport: LAPTOP,
      locale: 'en-GB',
    });
    const page = await context.newPage();
    try {
      await signIn(page, 'fiona');
      await page.goto('/orders');
      const from = page
        .getByRole('search', { name: 'Filter orders' })
        .getByRole('textbox', { name: 'Placed from' });
      await expect(from).toHaveAttribute('placeholder', 'YYYY-MM-DD');
      await from.fill('2026-12-01');
      await from.blur();
      await expect(page).toHaveURL(/[?&]from=2026-12-01/);
      await expect(from).toHaveValue('2026-12-01');
      // Another spelling is not guessed at: 01/12/2026 is January to some, December to others.
      await from.fill('01/12/2026');
      await from.blur();
      await expect(from).toHaveValue('2026-12-01');
      await expect(page).toHaveURL(/[?&]from=2026-12-01(&|$)/);
      await expectAccessible(page, 'orders filtered by day, en-GB');

      // The periods of reconciliation say their days the same way.
      await page.goto('/reconciliation');
      const period = page.getByRole('textbox', { name: 'From (UTC, inclusive)' }).first();
      await expect(period).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      await expectAccessible(page, 'reconciliation periods, en-GB');
      await docsScreenshot(page, 'reconciliation-days-en-gb');
    } finally {
      await context.close();
    }
  });
});

test.describe('Labels in words, pickers narrowed by typing (issue 60, item 9)', () => {
  test('no picker of the forms is labelled as a wire key, and USD narrows the asset picker', async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'fiona');
    for (const [id, title] of [
      ['createInternalTransfer', 'Create internal transfer'],
      ['createOrder', 'Create order'],
      ['createOrchestration', 'Create orchestration'],
    ] as const) {
      const form = new OperationForm(page, title);
      await form.goto(routeOf(id));
      await form.openAdvanced();
      const labels = await form.form.locator('label').allInnerTexts();
      const wire = labels.map((l) => l.replace(/\s*\*$/, '').trim()).filter((l) => / id$/i.test(l));
      // The reference id is a reference the operator may type, not a record picked by name.
      expect(
        wire.filter((l) => l !== 'Reference id'),
        `${title}: labels like wire keys`,
      ).toEqual([]);
    }

    const transfer = new OperationForm(page, 'Create internal transfer');
    await transfer.goto(routeOf('createInternalTransfer'));
    const asset = transfer.form.getByRole('combobox', { name: 'Asset', exact: true });
    await asset.fill('USD');
    const offered = page.getByRole('option');
    await expect(offered.first()).toBeVisible();
    for (const text of await offered.allInnerTexts()) expect(text).toContain('USD');
    await expectAccessible(page, 'asset picker narrowed to USD');
  });
});

test.describe('A send nobody could approve, said as it is typed (issue 60, item 2)', () => {
  test.afterEach(() => setRole('frank', 'finance'));

  test('beside the amount, with a link to the approval policy', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'fiona');
    // Frank demoted: above two_above only Ada is left to approve, and two approvals are needed.
    setRole('frank', 'viewer');
    const body = { from_profile_id: treasury, to_profile_id: payouts, asset: 'USD' };
    await expect
      .poll(() => previewStalled(page, 'createInternalTransfer', { ...body, amount: '250000' }), {
        timeout: 15_000,
      })
      .toBe(true);

    const form = new OperationForm(page, 'Create internal transfer');
    await form.goto(routeOf('createInternalTransfer'));
    await form.fill({ 'From profile': treasury, 'To profile': payouts, Asset: 'USD' });
    const amount = form.field('Amount');
    // The preview of 500 USD answered: someone may approve it, so nothing is said.
    const answered = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/operations/createInternalTransfer/preview') &&
        (r.request().postDataJSON() as { amount?: string }).amount === '500',
    );
    await amount.fill('500');
    await answered;
    const said = form.form.getByTestId('amount-outlook');
    await expect(said).toHaveCount(0);
    // Typed on, past what the operators there are could approve: said before the review.
    await amount.pressSequentially('000');
    await expect(said).toContainText('Nobody could approve this send');
    await expectAccessible(page, 'amount nobody could approve');
    await docsScreenshot(page, 'amount-nobody-could-approve');
    const policy = said.getByRole('link', { name: 'See the approval policy' });
    await expect(policy).toHaveAttribute('href', '/policy');
    await policy.click();
    // What was typed is not lost unasked.
    await page.getByRole('button', { name: 'Leave the form' }).click();
    await expect(page).toHaveURL(/\/policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
