import { DEMO_IDS } from '@console/schemas';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, signIn, test } from '../fixtures';
import { OrdersPage } from '../pages/orders-page';
import { pageOf } from '../pages/routes';

/**
 * True when the element is whole inside the box that scrolls its table sideways and inside the
 * window, with nothing scrolled: what an operator sees at once.
 */
async function wholeInView(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    let scroller: Element = document.documentElement;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(up).overflowX)) {
        scroller = up;
        break;
      }
    }
    const box = el.getBoundingClientRect();
    const frame = scroller.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.left >= frame.left - 1 &&
      box.right <= Math.min(frame.right, window.innerWidth) + 1
    );
  });
}

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('Tables for people', () => {
  test('at 1366 px a list keeps its key and action columns in view', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'frank');
    const orders = new OrdersPage(page);
    // The desk's open BTC bid: a row with Cancel.
    await orders.goto(`?profile=${DEMO_IDS.profiles.marketMaking}`);
    const row = orders.rows().filter({
      has: page.getByRole('link', { name: `Open order ${DEMO_IDS.orders.open}` }),
    });
    const cancel = row.getByRole('button', { name: `Cancel order ${DEMO_IDS.orders.open}` });
    await expect(cancel).toBeVisible();
    expect(await wholeInView(cancel), 'the Cancel button is cut off').toBe(true);
    expect(await wholeInView(row.getByRole('link', { name: /^Open order / }))).toBe(true);
    await expectAccessible(page, 'orders at 1366 px');
    await screenshot(page, 'orders-1366');

    for (const [path, table] of [
      [pageOf('listTransfers'), 'Transfers'],
      ['/journal', 'Journal entries'],
      [pageOf('listFiatAccounts'), 'Fiat accounts'],
    ] as const) {
      await page.goto(path);
      const first = page
        .getByRole('table', { name: table })
        .getByRole('rowgroup')
        .last()
        .getByRole('link')
        .first();
      await expect(first).toBeVisible();
      expect(await wholeInView(first), `${table}: its key column`).toBe(true);
    }
  });

  test('at 390 px lists are cards, status and amount in view, nothing off-screen sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'frank');
    for (const [path, list, status, amount] of [
      [
        `/orders?profile=${DEMO_IDS.profiles.marketMaking}`,
        'Orders',
        /OPEN|FILLED|CANCELLED|SUBMITTED/,
        /BTC|ETH|USD/,
      ],
      [
        pageOf('listTransfers'),
        'Transfers',
        /COMPLETED|PENDING|FAILED|PROCESSING/,
        // An amount and its asset, whichever transfer is newest: specs before this one in the
        // same worker's console may have sent one of any asset.
        /\d[\d.,]*\s?[A-Z]{3,5}/,
      ],
    ] as const) {
      await page.goto(path);
      const card = page.getByRole('list', { name: list }).getByRole('listitem').first();
      await expect(card).toBeVisible();
      const top = card.locator('> div > div').first();
      await expect(top).toContainText(status);
      await expect(top).toContainText(amount);
      await expect(top).toBeInViewport();
      expect(await overflows(page), `${path} scrolls sideways`).toBe(false);
    }
    await expectAccessible(page, 'transfers as cards at 390 px');
    await screenshot(page, 'transfers-390');
  });
});
