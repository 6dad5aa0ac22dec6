import { randomUUID } from 'node:crypto';
import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, signIn, test } from '../fixtures';
import { OrdersPage } from '../pages/orders-page';
import { pageOf } from '../pages/routes';

const { trading } = DEMO_IDS.profiles;

test.describe('An order in words', () => {
  test('an unfilled order shows no average price; a filled one shows every state it went through, OPEN included', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'frank');
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      const place = async (order: Record<string, string>) => {
        const response = await page.request.post('/api/operations/createOrder', {
          headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
          data: { profile_id: trading, market: 'BTCUSD', ref_id: randomUUID(), ...order },
        });
        expect(response.status(), await response.text()).toBe(200);
        return ((await response.json()) as { data: { id: string } }).data.id;
      };
      const resting = await place({
        side: 'BUY',
        type: 'LIMIT',
        base_amount: '0.01',
        price: '50000',
      });
      const filled = await place({ side: 'BUY', type: 'MARKET', quote_amount: '30.00' });

      // Resting, nothing filled: the service writes 0 as its average price; the console shows none.
      await page.goto(pageOf('getOrder', { profile_id: trading, id: resting }));
      const now = page.getByRole('region', { name: 'As the service holds it now' });
      const average = now
        .locator('dt', { hasText: 'Volume weighted average price' })
        .locator('xpath=following-sibling::dd[1]');
      await expect(average).toHaveText('— (none: nothing filled yet)');
      await expect(now).not.toContainText('0.00 USD');
      const orders = new OrdersPage(page);
      await orders.goto(`?profile=${trading}&market=BTCUSD`);
      const row = orders
        .rows()
        .filter({ has: page.getByRole('link', { name: `Open order ${resting}` }) });
      // The Filled cell carries the average price under the amount (issue 60: one column for
      // both): none for the resting order.
      const FILLED = 7;
      await expect(orders.table.getByRole('columnheader').nth(FILLED)).toHaveText('Filled');
      await expect(row.getByRole('cell').nth(FILLED)).toHaveText(/^0(\.0+)?\s*BTC$|^—$/);
      await expect(row.getByRole('cell').nth(FILLED)).not.toContainText('avg');

      // Filled at once: placed, open (a market order takes what the market offers), filled; no time
      // is made up for OPEN.
      await page.goto(pageOf('getOrder', { profile_id: trading, id: filled }));
      const timeline = page.getByRole('region', { name: 'Status timeline' });
      // The page follows the order until it is final.
      await expect(timeline.getByText('FILLED', { exact: true }).first()).toBeVisible({
        timeout: 30_000,
      });
      await expect(timeline).toContainText('Placed');
      await expect(timeline).toContainText(
        'Open: taking what the market offers at once, never waiting',
      );
      await expect(timeline).toContainText('The service keeps no time for this step');
      await expect(
        page.getByRole('region', { name: 'As the service holds it now' }),
      ).not.toContainText('none: nothing filled yet');
      await expectAccessible(page, 'a filled order and its timeline');

      // In the list, the filled order's average price sits under what it filled.
      await orders.goto(`?profile=${trading}&market=BTCUSD`);
      const filledRow = orders
        .rows()
        .filter({ has: page.getByRole('link', { name: `Open order ${filled}` }) });
      await expect(filledRow.getByRole('cell').nth(FILLED)).toContainText(/avg [\d,.]+\s*USD/);
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });
});
