import { expect, screenshot, signIn, test } from '../fixtures';
import { OrdersPage } from '../pages/orders-page';
import { placeOrder } from '../pages/tasks';

test.describe('Orders', () => {
  let orders: OrdersPage;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'frank');
    orders = new OrdersPage(page);
  });

  test('lists orders newest first, filters them and opens one', async ({ page }) => {
    await placeOrder(page, {
      market: 'LTCUSD',
      side: 'BUY',
      type: 'MARKET',
      amounts: { 'Quote amount': '42.00' },
    });
    await placeOrder(page, {
      market: 'LINKUSD',
      side: 'SELL',
      type: 'LIMIT',
      amounts: { 'Base amount': '3.5', Price: '99999' },
    });

    await orders.goto();
    const newest = orders.rows().first();
    await expect(newest).toContainText('LINKUSD');
    await expect(newest).toContainText('SELL');
    await expect(newest).toContainText('LIMIT');
    await expect(newest).toContainText('3.5');
    await expect(newest).toContainText(/SUBMITTED|OPEN/);
    await screenshot(page, 'orders');

    await orders.filter('Market', 'LTCUSD');
    await expect(page).toHaveURL(/market=LTCUSD/);
    await expect(orders.rows().first()).toContainText('LTCUSD');
    for (const text of await orders.rows().allInnerTexts()) expect(text).toContain('LTCUSD');
    const ltc = orders.rows().first();
    await expect(ltc).toContainText('FILLED');
    await expect(ltc).toContainText('MARKET');
    await screenshot(page, 'orders-filtered');

    await orders.filter('Status', 'CANCELLED');
    await expect(page.getByText(/No orders match/i)).toBeVisible();
    await orders.clearFilters();
    await expect(orders.rows().first()).toContainText('LINKUSD');

    await orders.open(orders.rows().filter({ hasText: 'LTCUSD' }).first());
    await expect(page).toHaveURL(/\/orders\/[^/]+$/);
    await expect(page.getByRole('main')).toContainText('LTCUSD');
    await expect(page.getByRole('main')).toContainText('FILLED');
    await screenshot(page, 'order-detail');
  });
});
