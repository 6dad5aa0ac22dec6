import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { treasury, payouts, empty } = DEMO_IDS.profiles;

test.describe('Create orchestration', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createOrchestration'));
    form = new OperationForm(page, 'Create orchestration');
    await form.expectOpen();
  });

  test('converts USD from treasury into BTC for payouts', async ({ page }) => {
    await form.fill({ Profile: treasury }, 'Who');
    await form.fill({ 'Source asset': 'USD', 'Destination asset': 'BTC' });
    await form.rail('Source', 'Profile');
    await form.fill({ Profile: treasury }, 'Source');
    await form.rail('Destination', 'Profile');
    await form.fill({ Profile: payouts }, 'Destination');
    await form.fill({ 'Source amount': '250.00' });
    await form.addMetadata({ purpose: 'rebalance' });
    const refId = await form.refId().inputValue();
    await screenshot(page, 'orchestration-form');
    const review = await form.openReview();
    await expect(review).toContainText('250.00');
    await screenshot(page, 'orchestration-review');
    await form.confirm();

    await expect(form.result.badge('PROCESSING')).toBeVisible();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.value('Source amount')).toHaveText('250.00USD');
    await screenshot(page, 'orchestration-result');

    const created = (await sandbox.state()).orchestrations.filter((o) => o.ref_id === refId);
    expect(created).toHaveLength(1);
    await sandbox.advance(3_000);
    const settled = (await sandbox.state()).orchestrations.find((o) => o.ref_id === refId);
    expect(settled?.status).toBe('COMPLETED');
  });

  test('asks where the funds come from, and for an address on a crypto source', async () => {
    await form.fill({ Profile: treasury, 'Source asset': 'USD', 'Destination asset': 'USD' });
    await form.submit();
    await expect(form.railError('Source')).toHaveText('Source is required');
    await form.expectFieldError('Source amount', 'Source amount is required');

    await form.choose('Network', 'ETHEREUM', 'Source');
    await form.submit();
    await form.expectFieldError(
      'Deposit address',
      'Give the address id or the address of the crypto source',
      'Source',
    );
    await expect(form.review).toBeHidden();
  });

  test('an orchestration from the empty profile fails for lack of funds', async () => {
    await form.fill({ Profile: empty }, 'Who');
    await form.fill({ 'Source asset': 'USD', 'Destination asset': 'USD' });
    await form.rail('Source', 'Profile');
    await form.fill({ Profile: empty }, 'Source');
    await form.rail('Destination', 'Profile');
    await form.fill({ Profile: payouts }, 'Destination');
    await form.fill({ 'Source amount': '75.00' });
    const refId = await form.refId().inputValue();
    await form.send();
    await expect(form.result.badge('PROCESSING')).toBeVisible();
    await sandbox.advance(3_000);
    const failed = (await sandbox.state()).orchestrations.find((o) => o.ref_id === refId);
    expect(failed?.status).toBe('FAILED');
  });
});
