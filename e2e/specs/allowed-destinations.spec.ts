import { randomBytes } from 'node:crypto';
import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';
import { ReviewStep } from '../pages/review';

const { payouts, treasury } = DEMO_IDS.profiles;

/*
 * The e2e policy (e2e/approval-policy.json): orchestrations delivering ETH go only to an active
 * entry of the book, a crypto address cools off for about 15 seconds after its approval, a first
 * send of ETH suggests a test of 0.01 ETH, and Ada may initiate 1 ETH a day; past it her send
 * waits for an approver from finance.
 */

/**
 * The service's own APPROVED address of the demo (a payout to any other is refused by the service
 * itself): the console's book adds its second control in front of it. Each run starts from a new
 * database, so the book holds no entry for it yet.
 */
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const NAME = `Cold wallet ${randomBytes(3).toString('hex')}`;

/** The book's row of this run's entry. */
const bookRow = (page: Page) =>
  page
    .getByRole('table', { name: 'Allowed destinations' })
    .getByRole('row')
    .filter({ hasText: NAME });

/** An orchestration of ETH from Treasury to the Ethereum network, filled up to its address. */
async function orchestrationForm(page: Page): Promise<OperationForm> {
  const form = new OperationForm(page, 'Create orchestration');
  await form.goto(routeOf('createOrchestration'));
  await form.fill({ Profile: treasury }, 'Who');
  await form.fill({ 'Source asset': 'ETH', 'Destination asset': 'ETH' });
  await form.rail('Source', 'Profile');
  await form.fill({ Profile: treasury }, 'Source');
  await form.rail('Destination', 'Crypto');
  await form.choose('Network', 'ETHEREUM', 'Destination');
  return form;
}

/**
 * The address picker searched for this run's address, by its nickname in the service's address
 * book (another spec renames it later): its option, as the book shows it.
 */
async function addressOption(page: Page, form: OperationForm) {
  await form.field('Address', 'Destination').fill('Cold storage');
  return page.getByRole('option', { name: /^Cold storage/ });
}

/** An orchestration of `amount` ETH from Treasury to this run's address, picked by keyboard. */
async function orchestration(page: Page, amount: string): Promise<OperationForm> {
  const form = await orchestrationForm(page);
  const option = await addressOption(page, form);
  await expect(option).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.field('Address', 'Destination')).toHaveValue(/^Cold storage/);
  await form.fill({ 'Source amount': amount });
  return form;
}

/** The suggestion of a test amount beside the amount, for a first send to this run's entry. */
const firstSendHint = (form: OperationForm) =>
  form.form.getByRole('status', { name: `First send to “${NAME}”` });

test.describe('Allowed destinations and limits', () => {
  test('a new crypto address is approved by a second operator, cools off (greyed in the picker, with its time), and then receives, its first send suggesting a test amount; the form shows the limit left and the review an escalation', async ({
    page,
    browser,
  }) => {
    test.slow();

    // Fiona proposes the address: nothing is usable before a second operator approves it.
    await signIn(page, 'fiona', '/destinations');
    const add = page.getByRole('form', { name: 'Add to the book' });
    await add.getByLabel('Network').selectOption('ETHEREUM');
    await add.getByRole('textbox', { name: /^Address/ }).fill(ADDRESS);
    await add.getByLabel('Name', { exact: false }).fill(NAME);
    await add.getByLabel('Reason', { exact: false }).fill('Cold storage for ETH');
    await add.getByRole('button', { name: 'Propose for approval' }).click();
    await expect(page.getByText('Awaiting another operator’s approval')).toBeVisible();
    await expect(bookRow(page)).toContainText('Awaiting approval');
    await expectAccessible(page, 'allowed destinations: a proposal awaiting approval');
    await page.getByRole('link', { name: 'Open the request' }).click();
    await page.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);
    const requestPath = new URL(page.url()).pathname;

    // Frank approves it.
    const frank = await secondOperator(browser, 'frank');
    await frank.goto(requestPath);
    await new ApprovalsPages(frank).approve();
    await frank.context().close();

    // Ada sees it cooling off in the book, with the time it becomes usable.
    const ada = page;
    await ada.context().clearCookies();
    await signIn(ada, 'ada');
    await ada.goto('/destinations');
    await expect(bookRow(ada)).toContainText('Cooling off');
    await expect(bookRow(ada)).toContainText('Usable from');
    await screenshot(ada, 'allowed-destinations-cooling-off');

    // In the send form's picker it is greyed: not to be chosen, with the time it becomes usable.
    let form = await orchestrationForm(ada);
    const cooling = await addressOption(ada, form);
    await expect(cooling).toHaveAttribute('aria-disabled', 'true');
    await expect(cooling).toContainText(
      'cooling off in the book of allowed destinations, usable from',
    );
    await expectAccessible(ada, 'picker: a destination cooling off, greyed with its time');
    await screenshot(ada, 'picker-cooling-off');
    await ada.keyboard.press('Escape');
    await form.fill({ 'Source amount': '0.1' });
    await expect(form.form.getByRole('region', { name: 'Your limits' })).toContainText(
      '1 of 1 ETH left in the last 24 hours',
    );

    // After its cooling-off it is active, and the send leaves.
    await expect(async () => {
      await ada.goto('/destinations');
      await expect(bookRow(ada)).toContainText('Active', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    form = await orchestration(ada, '0.1');
    // The first send to it suggests a small test amount, and leaves the amount as typed.
    const hint = firstSendHint(form);
    await expect(hint).toContainText('a test amount of 0.01 ETH');
    await expect(form.field('Source amount')).toHaveValue('0.1');
    await expectAccessible(ada, 'form: a first send suggests a test amount');
    await screenshot(ada, 'first-send-test-amount');
    await hint.getByRole('button', { name: 'Dismiss the test amount suggestion' }).click();
    await expect(hint).toHaveCount(0);
    await expect(form.field('Source amount')).toBeFocused();
    let review = new ReviewStep(ada, await form.openReview());
    await expect(await review.outlook()).toContainText('Sent at once');
    await expect(review.dialog).toContainText(NAME);
    await review.send().click();
    await expect(form.result.outcome()).toContainText('Succeeded');

    // What is left shows before review; a send past it escalates, and the review says why. The
    // entry has had its first send: no test amount is suggested any more.
    form = await orchestration(ada, '1');
    await expect(firstSendHint(form)).toHaveCount(0);
    await expect(form.form.getByRole('region', { name: 'Your limits' })).toContainText(
      '0.9 of 1 ETH left in the last 24 hours',
    );
    review = new ReviewStep(ada, await form.openReview());
    const escalates = await review.outlook();
    await expect(escalates).toContainText('Escalates: waits for one more approver');
    await expect(escalates).toContainText('finance');
    await expect(review.send()).toBeEnabled();
    await expectAccessible(ada, 'review: a send that escalates');
    await screenshot(ada, 'review-escalates');
  });

  test('a destination the book lacks is proposed from the send form’s picker, prefilled, and the form is kept', async ({
    page,
  }) => {
    const name = `Payouts own ${randomBytes(3).toString('hex')}`;
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create orchestration');
    await form.goto(routeOf('createOrchestration'));
    await form.fill({ Profile: treasury }, 'Who');
    await form.fill({ 'Source asset': 'ETH', 'Destination asset': 'ETH' });
    await form.rail('Source', 'Profile');
    await form.fill({ Profile: treasury }, 'Source');
    await form.rail('Destination', 'Profile');
    await form.fill({ Profile: payouts }, 'Destination');
    await form.fill({ 'Source amount': '0.2' });
    const destination = form.group('Destination');
    await expect(destination).toContainText('is not in the book of allowed destinations');

    await destination.getByRole('button', { name: 'Add to the book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the book of allowed destinations' });
    const add = dialog.getByRole('form', { name: 'Add to the book' });
    await expect(add.getByLabel('Kind')).toHaveValue('own-profile');
    // Picked by name as the send forms pick it (issue 66), the id it stands for below.
    await expect(add.getByRole('note', { name: 'Profile, chosen' })).toHaveText(payouts);
    await add.getByLabel('Name', { exact: false }).fill(name);
    await add.getByLabel('Reason', { exact: false }).fill('Payouts receive ETH');
    await add.getByRole('button', { name: 'Propose for approval' }).click();
    await expect(dialog.getByText('Awaiting another operator’s approval')).toBeVisible();
    await expectAccessible(page, 'picker: adding a destination to the book from a send form');
    const request = await dialog
      .getByRole('link', { name: 'Open the request' })
      .getAttribute('href');

    // Back to the form as it was: the picker has the focus, and says the entry awaits approval.
    await dialog.getByRole('button', { name: 'Back to the form' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.field('Profile', 'Destination')).toBeFocused();
    await expect(destination).toContainText('awaiting a second operator’s approval');
    await expect(form.field('Source amount')).toHaveValue('0.2');

    // Its request names the destination as the send forms do, and says when it becomes usable
    // and what the policy in force binds to the book (issue 66).
    await page.goto(request!);
    const entry = page.getByRole('group', { name: 'The entry of the book' });
    await expect(entry).toContainText('Payouts');
    await expect(entry).toContainText(payouts);
    await expect(entry).toContainText(`Named in the book: ${name}`);
    await expect(entry).toContainText('The maker’s reason: Payouts receive ETH');
    await expect(entry).toContainText(/usable from approval \+ [\d.]+ (h|min)/);
    await expect(entry).toContainText(
      /Binding: (no operation requires the book|version \d+ asks the book for)/,
    );
    await expectAccessible(page, 'approval of a book entry');

    // The proposal is withdrawn, so that no other spec finds it waiting.
    await new ApprovalsPages(page).button('Cancel request').click();
    await expect(new ApprovalsPages(page).button('Cancel request')).toHaveCount(0);
  });
});
