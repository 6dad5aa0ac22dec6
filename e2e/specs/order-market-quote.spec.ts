import { routeOf } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

test.describe('Create order: the market before review (issue 34)', () => {
  test.afterEach(async () => {
    await sandbox.setPrice('BTCUSD', null);
  });

  test('shows the price the sandbox holds, the estimate, and warns at a far limit', async ({
    page,
  }) => {
    await sandbox.setPrice('BTCUSD', '60000.00');
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create order');
    await form.goto(routeOf('createOrder'));
    await form.pick('Profile', 'Trad', 'Trading');
    await form.choose('Order type', 'LIMIT');
    await form.choose('Side', 'BUY');
    await form.choose('Market', 'BTCUSD');

    const quote = page.getByRole('region', { name: 'BTCUSD now' });
    await expect(quote).toContainText('Current price60,000.00 USD');
    await expect(quote).toContainText(/Prices (just now|\d+ s old)/);
    await expect(quote).toContainText(/Best bid\d[\d,]*\.\d+ USD/);
    await expect(quote).toContainText(/Best ask\d[\d,]*\.\d+ USD/);
    await expect(quote).toContainText(/Midpoint(59|60),\d{3}\.\d+ USD/);
    await expect(quote).toContainText(/Order size in BTC[\d.,]+ to [\d.,]+/);

    await form.fill({ 'Base amount': '0.5', Price: '61000' });
    await expect(quote).toContainText('Notional (estimate)30,500.00 USD');
    const warning = form.form.getByRole('status').filter({ hasText: 'Far from the market' });
    await expect(warning).toBeHidden();

    await form.fill({ Price: '70000' });
    await expect(quote).toContainText('Notional (estimate)35,000.00 USD');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/70,000\.00 USD is 1[5-7]\.\d % from the midpoint/);
    await expectAccessible(page, 'order form with the market and a far limit');
    await screenshot(page, 'order-new-far-limit');

    // Back within the band, the warning goes.
    await form.fill({ Price: '60500' });
    await expect(warning).toBeHidden();
  });

  test('a market unavailable for buying says so, and an IOC buy there is stopped at review', async ({
    page,
  }) => {
    // The demo seed holds AAVEUSD unavailable for buying, under scheduled maintenance.
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create order');
    await form.goto(routeOf('createOrder'));
    await form.pick('Profile', 'Trad', 'Trading');
    await form.choose('Order type', 'LIMIT');
    await form.choose('Side', 'BUY');
    await form.choose('Market', 'AAVEUSD');

    const quote = page.getByRole('region', { name: 'AAVEUSD now' });
    await expect(quote).toContainText('BuyingUnavailable (scheduled maintenance)');
    await expect(quote).toContainText('SellingAvailable');
    // Each day's figures say the window they cover.
    await expect(quote.getByRole('region', { name: 'Today' })).toContainText(/^Today: .+ to .+/);
    await expect(quote.getByRole('region', { name: 'Previous day' })).toContainText(/Open.+High/);
    const warning = form.form
      .getByRole('status')
      .filter({ hasText: 'AAVEUSD is unavailable for buying' });
    await expect(warning).toContainText('IOC and FOK orders cannot be placed there');
    await expect(warning).toContainText(/Maintenance .+ to .+/);

    await form.fill({ 'Base amount': '1', Price: '100' });
    await form.choose('Time in force', 'IOC');
    await form.submit();
    await form.expectFieldError('Time in force', /AAVEUSD is unavailable for buying/);
    await expect(form.review).toBeHidden();
    await expectAccessible(page, 'order form on a side unavailable');
    await screenshot(page, 'order-new-side-unavailable');

    // Selling there is unaffected.
    await form.choose('Side', 'SELL');
    await expect(warning).toBeHidden();
  });

  test('the Orders page has a strip of prices with their age', async ({ page }) => {
    await sandbox.setPrice('BTCUSD', '60000.00');
    await signIn(page, 'fiona', routeOf('listOrders'));
    const strip = page.getByRole('region', { name: 'Prices' });
    await expect(strip).toContainText('BTCUSD 60,000.00 USD');
    await expect(strip).toContainText(/Prices (just now|\d+ s old)/);
    await expect(strip).toContainText('ETHUSD');
    await expectAccessible(page, 'orders with the prices strip');
  });
});
