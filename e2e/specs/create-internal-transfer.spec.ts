import { DEMO_IDS, routeOf } from '@console/schemas';
import { docsScreenshot, expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { treasury, payouts, empty } = DEMO_IDS.profiles;

test.describe('Create internal transfer', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createInternalTransfer'));
    form = new OperationForm(page, 'Create internal transfer');
    await form.expectOpen();
  });

  test('moves USD from treasury to payouts after a review', async ({ page }) => {
    await form.fill({
      'From profile': treasury,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '125.07',
    });
    await form.addMetadata({ reason: 'payout float' });
    const refId = await form.refId().inputValue();
    await screenshot(page, 'transfer-internal-form');
    await docsScreenshot(page, 'form');

    const review = await form.openReview();
    await expect(review).toContainText('125.07');
    await expect(review).toContainText(refId);
    await screenshot(page, 'transfer-internal-review');
    await form.confirm();

    await expect(form.result.root).toBeVisible();
    await expect(form.result.badge('PENDING')).toBeVisible();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.value('Amount')).toHaveText('125.07USD');
    await expect(form.result.heading()).toBeFocused();
    await expect(form.result.journalValue('Reference id')).toHaveText(refId);
    await screenshot(page, 'transfer-internal-result');
    await docsScreenshot(page, 'result');

    const sent = (await sandbox.state()).transfers.filter((t) => t.ref_id === refId);
    expect(sent.filter((t) => t.direction === 'DEBIT')).toHaveLength(1);
    expect(sent[0]?.amount).toBe('125.07');
  });

  test('shows the same-profile rule and a bad amount beside the fields', async () => {
    await form.fill({
      'From profile': treasury,
      'To profile': treasury,
      Asset: 'USD',
      Amount: '1e3',
    });
    await form.submit();
    await form.expectFieldError('To profile', 'To profile must differ from the from profile');
    await form.expectFieldError('Amount', 'Amount must be a plain decimal such as 12.50');
    await expect(form.review).toBeHidden();
  });

  test('metadata takes at most six pairs and flags text past 100 characters', async () => {
    await form.addMetadata({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' });
    const editor = form.metadataEditor();
    await expect(editor.getByRole('button', { name: 'Add metadata pair' })).toBeDisabled();
    await expect(editor).toContainText('6/6 pairs');
    await editor.getByLabel('Metadata value 1', { exact: true }).fill('x'.repeat(101));
    await expect(editor).toContainText('101/100 — too long');
  });

  test('explains insufficient funds with what is available', async ({ page }) => {
    await form.fill({
      'From profile': empty,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '50.00',
    });
    await form.send();
    const problem = form.problem();
    await expect(problem).toContainText('Insufficient funds');
    // The profile by its nickname, as operators know it (issue 33: it read as a bare id).
    await expect(problem).toContainText('Empty has 1.00 USD available; this needs 50.00 USD');
    await screenshot(page, 'transfer-internal-insufficient-funds');
  });

  test('a reused reference id is shown as already exists', async ({ page }) => {
    await form.fill({
      'From profile': treasury,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '3.21',
    });
    const refId = await form.refId().inputValue();
    await form.send();
    await expect(form.result.outcome()).toContainText('Succeeded');

    await form.result.button('Clone as new').click();
    await expect(form.refId()).not.toHaveValue(refId);
    await expect(form.field('Amount')).toHaveValue('3.21');
    await form.openAdvanced();
    await form.refId().fill(refId);
    await form.send();
    const problem = form.problem();
    await expect(problem).toContainText('Already exists');
    await expect(problem).toContainText(
      `A record with this reference id (${refId}) already exists`,
    );
    await expect(problem.getByRole('region', { name: 'The existing record' })).toContainText(
      '3.21',
    );
    await screenshot(page, 'transfer-internal-already-exists');

    const sent = (await sandbox.state()).transfers.filter((t) => t.ref_id === refId);
    expect(sent.filter((t) => t.direction === 'DEBIT')).toHaveLength(1);
  });
});
