import { randomUUID } from 'node:crypto';
import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { docsScreenshot, expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { JournalPage } from '../pages/journal-page';
import { OperationForm } from '../pages/operation-form';
import { OrdersPage } from '../pages/orders-page';
import { RecordAction } from '../pages/record-action';
import { ResultCard } from '../pages/result-card';
import { pageOf } from '../pages/routes';
import { placeOrder } from '../pages/tasks';

/** Places a small market buy through the BFF's API: the seed of a list, not the form under test. */
async function seedOrder(page: Page, profileId: string): Promise<string> {
  const response = await page.request.post('/api/operations/createOrder', {
    headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
    data: {
      profile_id: profileId,
      side: 'BUY',
      market: 'UNIUSD',
      type: 'MARKET',
      quote_amount: '1.00',
      ref_id: randomUUID(),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Places an order through the BFF's API (the seed of a spec, not the form under test). */
async function seed(
  page: Page,
  order: Record<string, string>,
): Promise<{ id: string; status: string }> {
  const response = await page.request.post('/api/operations/createOrder', {
    headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
    data: {
      profile_id: DEMO_IDS.profiles.trading,
      market: 'BTCUSD',
      ref_id: randomUUID(),
      ...order,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string; status: string } }).data;
}

test.describe('Orders', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'frank');
  });

  test('a limit order opens, fills as the market moves through its price, without a reload', async ({
    page,
  }) => {
    test.slow();
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      await placeOrder(page, {
        market: 'BTCUSD',
        side: 'BUY',
        type: 'LIMIT',
        amounts: { 'Base amount': '1.5', Price: '59000' },
      });
      const result = new ResultCard(page);
      const card = result.root;
      await expect(card.getByText('OPEN', { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/follows the record until it is final/)).toBeVisible();

      // The market falls through the bid: one crossing fills 1 BTC, a further move the rest.
      await sandbox.setPrice('BTCUSD', '58500');
      await expect(result.value('Amount filled')).toHaveText(/^1\s*BTC$/);
      await sandbox.setPrice('BTCUSD', '58400');
      await expect(card.getByText('FILLED', { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/follows the record/)).toHaveCount(0);

      await card.getByRole('link', { name: 'Open the record' }).click();
      await expect(page).toHaveURL(/\/orders\/[^/]+\/[^/]+$/);
      const fills = page.getByRole('table', { name: 'Fills' });
      await expect(fills.getByRole('row')).toHaveCount(3);
      await expect(fills).toContainText('59,000');
      await expect(page.getByRole('region', { name: 'As the service holds it now' })).toContainText(
        '59,000',
      );
      // Maker fees: 0.1 % of 59,000 and of 29,500.
      await expect(page.getByLabel('Fees')).toContainText('88.5');
      await expect(page.getByRole('region', { name: 'Status timeline' })).toContainText(
        'Filled 0.5 at 59000 (1.5 in all)',
      );
      await expectAccessible(page, 'order with fills');
      await docsScreenshot(page, 'order-with-fills');

      // The journal entry that placed it, and back.
      await page.getByRole('link', { name: /^Journal entry by Frank Finance/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Journal entry/ })).toBeVisible();
      await page.getByRole('link', { name: 'Open the live record' }).click();
      await expect(page.getByRole('table', { name: 'Fills' })).toBeVisible();
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });

  test('120 orders walk page by page, each shown once, while new ones arrive', async ({ page }) => {
    test.slow();
    const profile = DEMO_IDS.profiles.payouts;
    const seeded = new Set<string>();
    // Ten at a time: the seed is not what is tested, and one by one it is most of the spec's time.
    for (let batch = 0; batch < 12; batch++) {
      const ids = await Promise.all(Array.from({ length: 10 }, () => seedOrder(page, profile)));
      for (const id of ids) seeded.add(id);
    }

    const orders = new OrdersPage(page);
    await orders.goto(`?profile=${profile}&market=UNIUSD`);
    await expect(orders.rows()).toHaveCount(50);
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    // Newer than the walk's first page: it must not push a row onto the next page twice.
    const late = await seedOrder(page, profile);
    await orders.loadMore().click();
    await expect(orders.rows()).toHaveCount(100);
    await orders.loadMore().click();
    await expect(orders.rows()).toHaveCount(120);
    await expect(orders.loadMore()).toHaveCount(0);
    const ids = await orders.ids();
    expect(new Set(ids).size).toBe(120);
    expect(new Set(ids)).toEqual(seeded);
    expect(ids).not.toContain(late);

    await orders.filter('Side', 'SELL');
    await expect(page.getByText('No orders match these filters')).toBeVisible();
    await orders.clearFilters();
    await expect(orders.rows().first()).toBeVisible();

    // A desk's varied history; a short list (axe over a hundred like rows twice is slow).
    await orders.goto(`?profile=${DEMO_IDS.profiles.marketMaking}`);
    await expect(orders.rows().first()).toBeVisible();
    await expectAccessible(page, 'orders list');
    await docsScreenshot(page, 'orders-list');
    await screenshot(page, 'orders');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(orders.rows().first()).toBeVisible();
    // Resized in place, the shell folds its navigation away over a transition: the page must
    // settle within the wait into one that does not scroll sideways (a lasting overflow fails).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    await expectAccessible(page, 'orders at phone width');
  });

  test('an open order is cancelled from the list and from its page; a filled one offers no cancel', async ({
    page,
  }) => {
    test.slow();
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      const resting = { side: 'BUY', type: 'LIMIT', base_amount: '0.01', price: '55000' };
      const fromList = await seed(page, resting);
      const fromPage = await seed(page, { ...resting, price: '55500' });
      const filled = await seed(page, { side: 'BUY', type: 'MARKET', quote_amount: '30.00' });

      // From the list: the row's own Cancel, a confirmation that names the order.
      const orders = new OrdersPage(page);
      await page.goto(
        pageOf('listOrders', {}, { profile: DEMO_IDS.profiles.trading, market: 'BTCUSD' }),
      );
      const row = orders.rows().filter({
        has: page.getByRole('link', { name: `Open order ${fromList.id}` }),
      });
      // Resting on the book, or still being submitted: cancellable either way.
      await expect(row).toContainText(/SUBMITTED|OPEN/);
      const cancel = new RecordAction(
        page,
        `Cancel order ${fromList.id}`,
        'Cancel this order?',
        row,
      );
      const dialog = await cancel.open();
      await expect(dialog).toContainText('BUY BTCUSD · LIMIT');
      await expect(dialog).toContainText('0.01');
      await expect(dialog).toContainText('55,000');
      await expect(dialog).toContainText(fromList.id);
      await expect(dialog).toContainText('Cancelling is a request: the service may still fill');
      await expectAccessible(page, 'cancel order dialog');
      await cancel.confirm('Send the cancel request');
      await expect(row).toContainText('CANCELLED');
      await expect(cancel.trigger()).toHaveCount(0);
      // A filled order's row offers no cancel.
      await expect(page.getByRole('button', { name: `Cancel order ${filled.id}` })).toHaveCount(0);

      // From its page: keeping the order sends nothing; the request is then followed to CANCELLED.
      await page.goto(
        pageOf('getOrder', { profile_id: DEMO_IDS.profiles.trading, id: fromPage.id }),
      );
      const onPage = new RecordAction(page, 'Cancel order', 'Cancel this order?');
      await onPage.open();
      await onPage.keep('Keep the order');
      const deletes = async () =>
        (await sandbox.log()).requests.filter((r) => r.method === 'DELETE');
      expect((await deletes()).filter((r) => r.path.endsWith(fromPage.id))).toHaveLength(0);
      await onPage.open();
      await onPage.confirm('Send the cancel request');
      const now = page.getByRole('region', { name: 'As the service holds it now' });
      await expect(now.getByText('CANCELLED', { exact: true }).first()).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: 'Cancelled as requested' }),
      ).toBeVisible();
      await expect(onPage.trigger()).toHaveCount(0);
      await expect(page.getByText(/follows the record/)).toHaveCount(0);
      expect((await deletes()).filter((r) => r.path.endsWith(fromPage.id))).toHaveLength(1);

      // Both cancels are journaled writes, like any other.
      const journal = new JournalPage(page);
      await journal.ofOperation('cancelOrder');
      await expect(journal.rows().filter({ hasText: 'Frank Finance' })).toHaveCount(2);

      await page.goto(pageOf('getOrder', { profile_id: DEMO_IDS.profiles.trading, id: filled.id }));
      await expect(page.getByRole('main')).toContainText('FILLED');
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Cancel order' }),
      ).toHaveCount(0);
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });

  test('the Cancel order form offers the open orders to pick, and refuses a filled one', async ({
    page,
  }) => {
    test.slow();
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      const resting = await seed(page, {
        side: 'BUY',
        type: 'LIMIT',
        base_amount: '0.01',
        price: '54000',
      });
      const filled = await seed(page, { side: 'BUY', type: 'MARKET', quote_amount: '30.00' });
      const form = new OperationForm(page, 'Cancel order');
      // The form is opened on an order (its route names it); the picker can change it.
      await form.goto(
        routeOf('cancelOrder', { profile_id: DEMO_IDS.profiles.trading, id: filled.id }),
      );
      await form.fill({ Profile: DEMO_IDS.profiles.trading });
      // A filled order cannot be cancelled: pasted, it is refused before anything is sent.
      await form.field('Order').fill(filled.id);
      await expect(
        form.form.getByText(`No open order the console can see is ${filled.id}.`),
      ).toBeVisible();
      await form.field('Order').fill(resting.id);
      await form.field('Order').blur();
      await expect(form.form.getByText(resting.id, { exact: true })).toBeVisible();
      await expectAccessible(page, 'cancel order form with its order picker');
      await form.send();
      await expect(form.result.root).toBeVisible();
      await expect
        .poll(async () => (await sandbox.state()).orders.find((o) => o.id === resting.id)?.status)
        .toBe('CANCELLED');
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });
});
