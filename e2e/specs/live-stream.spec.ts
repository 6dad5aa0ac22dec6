import { randomUUID } from 'node:crypto';
import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, signIn, test } from '../fixtures';
import { OrdersPage } from '../pages/orders-page';

/**
 * Issue 35: what changes at the service comes to the operator through the console's one live
 * stream, not through each page polling.
 */
test.describe('Live updates', () => {
  test('a limit order filled at the sandbox updates the orders page and the inbox, without the page polling', async ({
    page,
  }) => {
    test.slow();
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      await signIn(page, 'frank');
      const placed = await page.request.post('/api/operations/createOrder', {
        headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
        data: {
          profile_id: DEMO_IDS.profiles.trading,
          market: 'BTCUSD',
          side: 'BUY',
          type: 'LIMIT',
          base_amount: '0.02',
          price: '55000',
          ref_id: randomUUID(),
        },
      });
      expect(placed.status(), await placed.text()).toBe(200);
      const order = ((await placed.json()) as { data: { id: string } }).data;
      // The engine books it a moment after it was accepted: only a booked order fills.
      await expect
        .poll(async () => (await sandbox.state()).orders.find((o) => o.id === order.id)?.status)
        .toBe('OPEN');

      const orders = new OrdersPage(page);
      await orders.goto(`?profile=${DEMO_IDS.profiles.trading}`);
      const row = orders.table
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `Open order ${order.id}` }) });
      await expect(row).toContainText('OPEN');
      const live = page.getByRole('banner').getByRole('status', { name: /^Live: / });
      await expect(live).toBeVisible();

      // While the stream is up the page reads the list only when something changed.
      const listReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/svc/v2/orders') listReads.push(request.url());
      });
      await page.waitForTimeout(4_000);
      expect(listReads).toEqual([]);

      // The market falls through the bid: the sandbox fills it at once.
      await sandbox.setPrice('BTCUSD', '54000');
      await expect(row).toContainText('FILLED', { timeout: 10_000 });
      expect(listReads.length).toBeGreaterThan(0);

      const bell = page.getByRole('button', { name: /^Inbox, \d+ unread$/ });
      await expect(bell).toBeVisible();
      await bell.click();
      const drawer = page.getByRole('dialog', { name: 'Inbox' });
      await expect(drawer).toBeVisible();
      const item = drawer.getByRole('button', { name: 'Order filled, unread' }).first();
      await expect(item).toBeVisible();
      await expect(drawer).toContainText('BTCUSD · 0.02');
      await expectAccessible(page, 'inbox drawer');

      // Read on one browser, read everywhere: the state is the BFF's.
      await drawer.getByRole('button', { name: 'Mark all read' }).click();
      await expect(drawer.getByText('Nothing unread.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Inbox', exact: true })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Inbox', exact: true })).toBeVisible();
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });
});
