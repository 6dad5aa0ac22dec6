import { randomUUID } from 'node:crypto';
import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, secondOperator, signIn, test } from '../fixtures';
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

      const bell = page.getByRole('button', { name: /^Inbox, \d+ unread\b/ });
      await expect(bell).toBeVisible();
      await bell.click();
      const drawer = page.getByRole('dialog', { name: 'Inbox' });
      await expect(drawer).toBeVisible();
      const item = drawer.getByRole('link', { name: 'Order filled, unread' }).first();
      await expect(item).toBeVisible();
      await expect(drawer).toContainText('BTCUSD · 0.02');
      await expectAccessible(page, 'inbox drawer');

      // Read on one browser, read everywhere: the state is the BFF's.
      await drawer.getByRole('button', { name: 'Mark all read' }).click();
      await expect(drawer.getByText('Nothing unread.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(
        page.getByRole('button', { name: /^Inbox(, \d+ requests? waits? for your approval)?$/ }),
      ).toBeVisible();
      await page.reload();
      await expect(
        page.getByRole('button', { name: /^Inbox(, \d+ requests? waits? for your approval)?$/ }),
      ).toBeVisible();
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });

  test('a transfer failed at the sandbox shows in its maker’s inbox, not in another operator’s, and opens the transfer', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'frank');
    const origin = new URL(page.url()).origin;
    const refId = `inbox-${randomUUID()}`;
    const sent = await page.request.post('/api/operations/createInternalTransfer', {
      headers: { 'X-CSRF': '1', Origin: origin },
      data: {
        from_profile_id: DEMO_IDS.profiles.treasury,
        to_profile_id: DEMO_IDS.profiles.payouts,
        asset: 'USD',
        amount: '12.34',
        ref_id: refId,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const transfer = ((await sent.json()) as { data: { id: string } }).data;
    // The service fails it before it settles by itself.
    expect((await sandbox.settleTransfer(transfer.id, 'FAILED')).status).toBe('FAILED');

    const bell = page.getByRole('button', { name: /^Inbox, \d+ unread\b/ });
    await expect(bell).toBeVisible({ timeout: 10_000 });
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Inbox' });
    const item = drawer.getByRole('link', { name: 'Transfer failed, unread' }).first();
    await expect(item).toBeVisible();
    await expect(item).toContainText('12.34 USD');

    // Fiona, of the same role, did not send it: the pages she has open update, her inbox does not.
    const fiona = await secondOperator(browser, 'fiona');
    const theirs = (await (await fiona.request.get('/api/inbox')).json()) as {
      items: { record: { ref_id?: string } }[];
    };
    expect(theirs.items.filter((i) => i.record.ref_id === refId)).toEqual([]);
    await fiona.context().close();

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/transfers/${transfer.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('FAILED');
    await expectAccessible(page, 'failed transfer from the inbox');
  });
});
