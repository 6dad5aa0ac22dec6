import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { treasury, trading, empty } = DEMO_IDS.profiles;

test.describe('Create svc transfer', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createSvcTransfer'));
    form = new OperationForm(page, 'Create svc transfer');
    await form.expectOpen();
  });

  test('moves ETH over the svc rail with its fee on top', async ({ page }) => {
    await form.fill({
      'From profile': treasury,
      'To profile': trading,
      Asset: 'ETH',
      Amount: '0.500000000000000017',
    });
    const refId = await form.refId().inputValue();
    await screenshot(page, 'transfer-svc-form');
    const review = await form.openReview();
    // Decimals are sent exactly as typed: 18 places, no rounding, no exponent.
    await expect(review).toContainText('0.500000000000000017');
    await form.confirm();

    await expect(form.result.badge('PENDING')).toBeVisible();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.value('Amount')).toHaveText('0.500000000000000017ETH');
    // 0.1 % fee, rounded up to 18 decimals.
    await expect(form.result.value('Fee')).toHaveText('0.000500000000000001ETH');
    await expect(form.result.value('Total')).toHaveText('0.500500000000000018ETH');
    await screenshot(page, 'transfer-svc-result');

    const debits = (await sandbox.state()).transfers.filter(
      (t) => t.ref_id === refId && t.direction === 'DEBIT',
    );
    expect(debits).toHaveLength(1);
  });

  test('shows missing fields and the same-profile rule beside the fields', async () => {
    await form.fill({ 'From profile': trading, 'To profile': trading, Amount: '-5' });
    await form.submit();
    await form.expectFieldError('To profile', 'To profile must differ from the from profile');
    await form.expectFieldError('Asset', 'Asset is required');
    await form.expectFieldError('Amount', 'Amount must be a plain decimal such as 12.50');
    // Focus lands on the first field that needs attention.
    await expect(form.field('To profile')).toBeFocused();
    await expect(form.review).toBeHidden();
  });

  test('explains an amount beyond the balance as insufficient funds', async () => {
    // 1 BTC is well inside the day's transfer limit, and far beyond what Empty holds (1 USD).
    await form.fill({
      'From profile': empty,
      'To profile': treasury,
      Asset: 'BTC',
      Amount: '1',
    });
    await form.send();
    await expect(form.problem()).toContainText('Insufficient funds');
    // The profile by its nickname (issue 33: it read as a bare id).
    await expect(form.problem()).toContainText('Empty has');
    await expect(form.problem()).toContainText('Reduce the amount or fund the profile.');
  });
});
