import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { trading } = DEMO_IDS.profiles;
const { alice } = DEMO_IDS.identities;

test.describe('Create order', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona');
    form = new OperationForm(page, 'Create order');
  });

  test('buys BTC at market and sees it filled', async ({ page }) => {
    await form.goto(routeOf('createOrder'));
    await form.fill({ Profile: trading });
    await form.choose('Order type', 'MARKET');
    await form.choose('Market', 'BTCUSD');
    await expect(form.field('Price')).toBeHidden();
    await form.fill({ 'Quote amount': '100.00' });
    await form.addMetadata({ desk: 'e2e' });
    const refId = await form.refId().inputValue();
    await screenshot(page, 'order-new-market');
    const review = await form.openReview();
    await expect(review).toContainText('100.00');
    await form.confirm();

    await expect(form.result.badge('FILLED')).toBeVisible();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.value('Quote amount')).toHaveText('100.00USD');
    await expect(form.result.journalValue('Reference id')).toHaveText(refId);
    await screenshot(page, 'order-result-filled');

    const orders = (await sandbox.state()).orders.filter((o) => o.ref_id === refId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('FILLED');
  });

  test('places a GTT limit order with an expiry picked in local time', async ({ page }) => {
    await form.goto(routeOf('createOrder'));
    await form.fill({ Profile: trading });
    await form.choose('Market', 'ETHUSD');
    await form.choose('Side', 'SELL');
    await form.fill({ 'Base amount': '0.25', Price: '999999.99' });
    await form.choose('Time in force', 'GTT');
    await form.pickPreset('Expiry', 'In 1 hour');
    await expect(form.field('Expiry')).toHaveAccessibleDescription(/Sends \d{13} \(/);
    const refId = await form.refId().inputValue();
    await screenshot(page, 'order-new-gtt');
    await form.send();

    await expect(form.result.badge('SUBMITTED').or(form.result.badge('OPEN'))).toBeVisible();
    await expect(form.result.value('Price')).toHaveText('999,999.99USD');
    await expect(form.result.value('Base amount')).toHaveText('0.25ETH');
    const orders = (await sandbox.state()).orders.filter((o) => o.ref_id === refId);
    expect(orders).toHaveLength(1);
  });

  test('shows the order rules beside the fields', async () => {
    await form.goto(routeOf('createOrder'));
    await form.openAdvanced();
    await form.fill({
      Profile: trading,
      Identity: alice,
      'Wait for fill (ms)': '10001',
    });
    await form.choose('Market', 'BTCUSD');
    await form.submit();
    await form.expectFieldError(
      'Identity account',
      'Identity account is required when an identity is given',
    );
    await form.expectFieldError('Wait for fill (ms)', 'Wait for fill can be at most 10000 ms');
    await form.expectFieldError('Base amount', 'Base amount is required for a limit order');
    await form.expectFieldError('Price', 'Price is required for a limit order');
    await expect(form.review).toBeHidden();
  });

  test('refuses a GTT expiry that has come too close', async ({ page }) => {
    await page.clock.install();
    await form.goto(routeOf('createOrder'));
    await form.fill({ Profile: trading, 'Base amount': '0.01', Price: '1.00' });
    await form.choose('Market', 'BTCUSD');
    await form.choose('Time in force', 'GTT');
    await form.pickPreset('Expiry', 'In 5 minutes');
    // The operator is called away; when they come back, the expiry is about to pass.
    await page.clock.fastForward('04:55');
    await form.submit();
    await form.expectFieldError('Expiry', 'Expiry must be more than 10 seconds from now');
    await expect(form.review).toBeHidden();
  });

  test('explains insufficient funds for a market buy from the empty profile', async () => {
    await form.goto(routeOf('createOrder'));
    await form.fill({ Profile: DEMO_IDS.profiles.empty });
    await form.choose('Order type', 'MARKET');
    await form.choose('Market', 'BTCUSD');
    await form.fill({ 'Quote amount': '500.00' });
    await form.send();
    await expect(form.problem()).toContainText('Insufficient funds');
    await expect(form.problem()).toContainText('has 1.00 USD available; this needs 500.00 USD');
  });
});
