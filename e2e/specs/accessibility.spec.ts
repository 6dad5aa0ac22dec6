import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, secondOperator, signIn, test } from '../fixtures';
import { AwaitingApprovalCard, ApprovalsPages } from '../pages/approvals';
import { JournalPage } from '../pages/journal-page';
import { OperationForm } from '../pages/operation-form';
import { OrdersPage } from '../pages/orders-page';
import { SignInPage } from '../pages/sign-in-page';
import { placeOrder } from '../pages/tasks';

const { treasury, payouts, empty } = DEMO_IDS.profiles;

/** Every form of the console, by path and title. */
const FORMS: [string, string][] = [
  [routeOf('createOrder'), 'Create order'],
  [routeOf('createInternalTransfer'), 'Create internal transfer'],
  [routeOf('createSvcTransfer'), 'Create svc transfer'],
  [routeOf('createDepositAddress'), 'Create deposit address'],
  [routeOf('createCryptoWithdrawalFee'), 'Quote crypto withdrawal fee'],
  [routeOf('updateFiatAccount', { id: DEMO_IDS.fiatAccounts.acme }), 'Update fiat account'],
  [routeOf('createOrchestration'), 'Create orchestration'],
  [routeOf('createOrchestrationRule'), 'Create orchestration rule'],
];

/** Ada (admin) sends a transfer above the e2e policy's limit: it waits for a finance operator. */
async function holdTransfer(page: Page, amount: string): Promise<OperationForm> {
  const transfer = new OperationForm(page, 'Create internal transfer');
  await transfer.goto(routeOf('createInternalTransfer'));
  await transfer.fill({
    'From profile': treasury,
    'To profile': payouts,
    Asset: 'USD',
    Amount: amount,
  });
  await transfer.openReview();
  await transfer.confirm();
  await expect(new AwaitingApprovalCard(page).root).toBeVisible();
  return transfer;
}

/*
 * axe (WCAG 2.1 A and AA rules) over every page and state an operator meets, in the light and the
 * dark scheme: 0 serious, 0 critical. An admin may use every form and page.
 */
test.describe('Accessibility', () => {
  test('sign-in and home', async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();
    await expect(signInPage.submit()).toBeVisible();
    await expectAccessible(page, 'sign-in');
    await signInPage.username().fill('ada');
    await signInPage.password().fill('not-her-password');
    await signInPage.submit().click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'sign-in refused');
    await signIn(page, 'ada');
    await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
    await expectAccessible(page, 'home');
  });

  test('every form, and a form with errors', async ({ page }) => {
    test.slow();
    await signIn(page, 'ada');
    for (const [path, title] of FORMS) {
      await new OperationForm(page, title).goto(path);
      await expectAccessible(page, `form: ${title}`);
    }
    const transfer = new OperationForm(page, 'Create internal transfer');
    await transfer.goto(routeOf('createInternalTransfer'));
    await transfer.fill({ Amount: '1e3' });
    await transfer.submit();
    await expect(transfer.field('From profile')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'form with field errors');
  });

  test('a send: review dialog, result, problem, awaiting approval', async ({ page }) => {
    test.slow();
    await signIn(page, 'ada');
    const transfer = new OperationForm(page, 'Create internal transfer');
    await transfer.goto(routeOf('createInternalTransfer'));
    await transfer.fill({
      'From profile': treasury,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '12.34',
    });
    await transfer.openReview();
    await expectAccessible(page, 'review dialog');
    await transfer.confirm();
    await expect(transfer.result.root).toBeVisible();
    await expectAccessible(page, 'result');

    await transfer.goto(routeOf('createInternalTransfer'));
    await transfer.fill({
      'From profile': empty,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '50.00',
    });
    await transfer.send();
    await expect(transfer.problem()).toBeVisible();
    await expectAccessible(page, 'problem after a send');

    await holdTransfer(page, '1200.00');
    await expectAccessible(page, 'awaiting approval');
    await new AwaitingApprovalCard(page).link().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, "approval request, maker's view");
    // Withdrawn again: other specs count the requests that wait.
    const mine = new ApprovalsPages(page);
    await mine.button('Cancel request').click();
    await expect(mine.button('Cancel request')).toHaveCount(0);
  });

  test('orders, journal, sessions, security events, not found', async ({ page }) => {
    test.slow();
    await signIn(page, 'ada');
    await placeOrder(page, {
      market: 'BTCUSD',
      side: 'BUY',
      type: 'MARKET',
      amounts: { 'Quote amount': '25.00' },
    });
    const orders = new OrdersPage(page);
    await orders.goto();
    await expect(orders.rows().first()).toBeVisible();
    await expectAccessible(page, 'orders list');
    await orders.open(orders.rows().first());
    await expect(page.getByRole('main')).toContainText('BTCUSD');
    await expectAccessible(page, 'order');

    const journal = new JournalPage(page);
    await journal.goto();
    await expect(journal.rows().first()).toBeVisible();
    await expectAccessible(page, 'journal list');
    await journal.rows().first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Journal entry/ })).toBeVisible();
    await expectAccessible(page, 'journal entry');

    await page.goto('/sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
    await expectAccessible(page, 'sessions');
    await page.goto('/security-events');
    await expect(page.getByRole('table', { name: 'Security events' })).toBeVisible();
    await expectAccessible(page, 'security events');
    await page.goto('/no-such-page');
    await expect(page.getByRole('main')).toBeVisible();
    await expectAccessible(page, 'not found');
  });

  test('what the service holds: addresses, fiat accounts, orchestrations, rules, an edit', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'ada');
    for (const [path, state] of [
      ['/deposit-addresses', 'deposit addresses'],
      [`/deposit-addresses?profile=${DEMO_IDS.profiles.omnibus}`, "a profile's deposit addresses"],
      ['/fiat-accounts', 'fiat accounts'],
      [`/fiat-accounts/${DEMO_IDS.fiatAccounts.hopper}`, 'fiat account'],
      ['/orchestrations', 'orchestrations'],
      [`/profiles/${DEMO_IDS.profiles.omnibus}`, 'profile'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(/^Last updated/)).toBeVisible();
      await expectAccessible(page, state);
    }
    await page.goto('/orchestration-rules');
    await page
      .getByRole('link', { name: /^Open rule / })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Orchestrations it made' })).toBeVisible();
    await expectAccessible(page, 'rule');
    await page.goto('/orchestrations');
    await page
      .getByRole('link', { name: /^Open orchestration / })
      .first()
      .click();
    await expect(page.getByRole('table', { name: 'Transfers of the orchestration' })).toBeVisible();
    await expectAccessible(page, 'orchestration');

    const edit = new OperationForm(page, 'Update fiat account');
    await edit.goto(routeOf('updateFiatAccount', { id: DEMO_IDS.fiatAccounts.hopper }));
    await expect(edit.field('Last name')).toHaveValue('Hopper');
    await expectAccessible(page, 'fiat account edit, filled with current values');
  });

  test("the checker's side: home, approvals list, request, reject dialog", async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, 'ada');
    await holdTransfer(page, '1500.00');
    const checker = await secondOperator(browser, 'frank');
    await expect(
      checker.getByRole('region', { name: 'Waiting for my approval' }).getByRole('link').first(),
    ).toBeVisible();
    await expectAccessible(checker, 'home with a request waiting');
    const approvals = new ApprovalsPages(checker);
    await checker.goto('/approvals');
    await expect(approvals.queue).toBeVisible();
    await expectAccessible(checker, 'approvals list');
    await approvals.row('Ada Admin', '1,500.00').getByRole('link').first().click();
    await expect(approvals.whatWillBeSent()).toBeVisible();
    await expectAccessible(checker, 'approval request, checker');
    await approvals.button('Reject').click();
    const dialog = checker.getByRole('dialog', { name: 'Reject the request' });
    await expect(dialog).toBeVisible();
    await expectAccessible(checker, 'reject dialog');
    // Rejected, so that nothing is left waiting for the specs that count the queue.
    await dialog.getByLabel('Reason').fill('Accessibility check');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog).toBeHidden();
    await checker.context().close();
  });
});
