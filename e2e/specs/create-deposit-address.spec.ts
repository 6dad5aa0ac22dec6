import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

test.describe('Create deposit address', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createDepositAddress'));
    form = new OperationForm(page, 'Create deposit address');
    await form.expectOpen();
  });

  test('creates an Ethereum address for treasury', async ({ page }) => {
    await form.fill({ Profile: DEMO_IDS.profiles.treasury });
    await form.choose('Crypto network', 'ETHEREUM');
    await form.choose('Conversion target asset', 'NO_CONVERSION');
    await form.addMetadata({ customer: 'acme' });
    const refId = await form.refId().inputValue();
    await screenshot(page, 'crypto-deposit-address-form');
    await form.send();

    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.value('Address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(form.result.value('Crypto network')).toHaveText('ETHEREUM');
    await expect(form.result.journalValue('Reference id')).toHaveText(refId);
    await screenshot(page, 'crypto-deposit-address-result');
  });

  test('asks for the profile and network, and keeps metadata within limits', async () => {
    await form.addMetadata({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' });
    await expect(
      form.metadataEditor().getByRole('button', { name: 'Add metadata pair' }),
    ).toBeDisabled();
    await form
      .metadataEditor()
      .getByLabel('Metadata value 2', { exact: true })
      .fill('v'.repeat(101));
    await form.submit();
    await form.expectFieldError('Profile', 'Profile is required');
    await expect(form.form.getByRole('combobox', { name: 'Crypto network' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await form.expectFieldError('Metadata value 2', 'Value can have at most 100 characters');
  });
});
