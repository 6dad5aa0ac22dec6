import { DEMO_IDS } from '@console/schemas';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { acme, globex } = DEMO_IDS.fiatAccounts;

test.describe('Update fiat account', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'sam');
    form = new OperationForm(page, 'Update fiat account');
    await form.goto('/fiat/accounts');
  });

  test('changes the owner of a fiat account, which goes back to pending', async ({ page }) => {
    await form.fill({ 'Fiat account id': acme });
    await form.fill({ 'First name': 'Ada', 'Last name': 'Lovelace' }, 'Person details');
    await form.addMetadata({ ticket: 'SUP-1042' });
    await screenshot(page, 'fiat-account-form');
    await form.send();

    await expect(form.result.badge('PENDING')).toBeVisible();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.root).toContainText('Lovelace');
    await expect(form.result.root).toContainText('SUP-1042');
    await screenshot(page, 'fiat-account-result');
    const account = (await sandbox.state()).fiat_accounts.find((a) => a.id === acme);
    expect(JSON.stringify(account)).toContain('Lovelace');
  });

  test('changes only the wire account number', async () => {
    await form.fill({ 'Fiat account id': globex });
    await form.fill({ 'Account number': '123456789012' }, 'Wire');
    await form.send();
    await expect(form.result.badge('PENDING')).toBeVisible();
    await expect(form.result.root).toContainText('123456789012');
  });

  test('asks for the account and for at least one change', async () => {
    await form.submit();
    await form.expectFieldError('Fiat account id', 'Fiat account id is required');
    await expect(form.form.getByRole('alert')).toContainText(
      'Change at least one of the owner, the network instructions or the metadata',
    );
    await expect(form.result.root).toBeHidden();
  });

  test('an unknown fiat account is explained as not found', async () => {
    await form.fill({ 'Fiat account id': 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e799' });
    await form.addMetadata({ ticket: 'SUP-404' });
    await form.send();
    await expect(form.problem()).toContainText('Not found');
    await expect(form.problem()).toContainText('Check the ids');
  });
});
