import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import {
  docsScreenshot,
  expect,
  sandbox,
  screenshot,
  secondOperator,
  signIn,
  test,
} from '../fixtures';
import { AwaitingApprovalCard, ApprovalsPages } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';

const { acme, globex } = DEMO_IDS.fiatAccounts;

/** Picks the account by name, as support knows it, and waits for the form to fill. */
async function pickAccount(form: OperationForm, name: string, lastName: string): Promise<void> {
  await form.field('Fiat account').fill(name);
  await form.page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(form.field('Last name')).toHaveValue(lastName);
}

/** Opens the approval request of the awaiting card as another operator. */
async function approverOf(page: Page, browser: Parameters<typeof secondOperator>[0]) {
  const card = new AwaitingApprovalCard(page);
  await expect(card.root).toBeVisible();
  const request = await card.link().getAttribute('href');
  const checker = await secondOperator(browser, 'ada');
  await checker.goto(request!);
  return { checker, approvals: new ApprovalsPages(checker) };
}

test.describe('Update fiat account', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'sam');
    form = new OperationForm(page, 'Update fiat account');
    // Opened on one account, as its page's Update does; the tests pick the one they change.
    await form.goto(routeOf('updateFiatAccount', { id: DEMO_IDS.fiatAccounts.initech }));
    await expect(form.field('Fiat account')).not.toHaveValue('');
  });

  test('support edits an account seeing its current values; the approver sees old → new', async ({
    page,
    browser,
  }) => {
    test.slow();
    await pickAccount(form, 'Acme Corporation', 'Corporation');
    // What the service holds now, in every field of the account's rail.
    await expect(form.field('First name')).toHaveValue('Acme');
    await expect(form.field('Account number', 'Wire')).toHaveValue('400123456789');
    await expect(form.field('Bank name', 'Routing details')).toHaveValue('First Demo Bank');

    await form.fill({ 'Last name': 'Lovelace' });
    await form.addMetadata({ ticket: 'SUP-1042' });
    const review = await form.openReview();
    const changes = review.getByRole('table', { name: 'What changes' });
    await expect(changes.getByRole('row')).toHaveCount(3);
    await expect(
      changes.getByRole('row').filter({ hasText: 'Account owner › Person details › Last name' }),
    ).toContainText('CorporationLovelace');
    await expect(changes.getByRole('row').filter({ hasText: 'Metadata: ticket' })).toContainText(
      '(none)SUP-1042',
    );
    // Only what changed is sent; metadata whole, as it replaces what the account holds.
    const sent = review.getByRole('table', { name: 'Everything that will be sent' });
    await expect(sent).not.toContainText('400123456789');
    await expect(sent).toContainText('seeded');
    await expectAccessible(page, 'fiat account change review');
    await docsScreenshot(page, 'fiat-account-diff-review');
    await form.confirm();

    const { checker, approvals } = await approverOf(page, browser);
    const what = checker.getByRole('region', { name: 'What changes' });
    await expect(
      what.getByRole('row').filter({ hasText: 'Account owner › Person details › Last name' }),
    ).toContainText('CorporationLovelace');
    await expect(what).toContainText('the account is as it was when the request was made');
    await expectAccessible(checker, 'fiat account change, approver');
    await screenshot(checker, 'fiat-account-approval');
    await approvals.approve();
    await expect(approvals.sent).toBeVisible();
    await expect(approvals.sent).toContainText('PENDING');
    await checker.context().close();
    const account = (await sandbox.state()).fiat_accounts.find((a) => a.id === acme);
    expect(JSON.stringify(account)).toContain('Lovelace');
    expect(JSON.stringify(account)).toContain('SUP-1042');
  });

  test('the account changes at the service before approval, and the approver is warned', async ({
    page,
    browser,
  }) => {
    test.slow();
    await pickAccount(form, 'Globex Inc', 'Inc');
    await form.fill({ 'Account number': '123456789012' }, 'Wire');
    await form.openReview();
    await form.confirm();

    // Meanwhile someone changes the account at the service.
    const changed = await fetch(`${sandbox.url()}/sandbox/fiat-accounts/${globex}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fiat_account_owner: { person_details: { first_name: 'Gloria' } } }),
    });
    expect(changed.status).toBe(200);

    const { checker, approvals } = await approverOf(page, browser);
    const warning = checker
      .getByRole('alert')
      .filter({ hasText: 'Changed at the service since the request was made' });
    await expect(warning).toContainText(
      'Account owner › Person details › First name: Globex → Gloria',
    );
    // Old → new is still what the maker changed it from.
    await expect(checker.getByRole('region', { name: 'What changes' })).toContainText(
      '400987654321',
    );
    await expectAccessible(checker, 'fiat account changed since the request');
    await docsScreenshot(checker, 'fiat-account-changed-since');
    await approvals.reject('The account changed since the request was made');
    await checker.context().close();
  });

  test('asks for at least one change of the account it was opened on, and of another picked', async () => {
    await form.submit();
    await expect(form.form.getByRole('alert')).toContainText('Nothing is changed yet');
    await expect(form.result.root).toBeHidden();

    await pickAccount(form, 'Grace Hopper', 'Hopper');
    await form.submit();
    await expect(form.form.getByRole('alert')).toContainText('Nothing is changed yet');
    await expect(form.review).toBeHidden();
  });

  test('a pasted id the console does not know is refused beside the field', async () => {
    const unknown = 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e799';
    await form.field('Fiat account').clear();
    await form.field('Fiat account').fill(unknown);
    await expect(
      form.form.getByText(`No fiat account the console can see is ${unknown}.`),
    ).toBeVisible();
    await expect(form.field('Last name')).toHaveCount(0);
  });
});
