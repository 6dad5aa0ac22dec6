import { randomBytes } from 'node:crypto';
import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';
import { ReviewStep } from '../pages/review';

const { treasury } = DEMO_IDS.profiles;

/*
 * The e2e policy (e2e/approval-policy.json): orchestrations delivering ETH go only to an active
 * entry of the book, a crypto address cools off for about 15 seconds after its approval, and Ada
 * may initiate 1 ETH a day; past it her send waits for an approver from finance.
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

/** An orchestration of `amount` ETH from Treasury to this run's address, filled in. */
async function orchestration(page: Page, amount: string): Promise<OperationForm> {
  const form = new OperationForm(page, 'Create orchestration');
  await form.goto(routeOf('createOrchestration'));
  await form.fill({ 'Profile id': treasury }, 'Who');
  await form.fill({ 'Source asset': 'ETH', 'Destination asset': 'ETH' });
  await form.rail('Source', 'Profile');
  await form.fill({ 'Profile id': treasury }, 'Source');
  await form.rail('Destination', 'Crypto');
  await form.choose('Network', 'ETHEREUM', 'Destination');
  // Picked from the service's address book by its nickname (another spec renames it later).
  const address = form.field('Address', 'Destination');
  await address.fill('Cold storage');
  await page.getByRole('option', { name: /^Cold storage/ }).click();
  await expect(address).toHaveValue(/^Cold storage/);
  await form.fill({ 'Source amount': amount });
  return form;
}

test.describe('Allowed destinations and limits', () => {
  test('a new crypto address is approved by a second operator, cools off, is refused until then, and then receives; the form shows the limit left and the review an escalation', async ({
    page,
    browser,
  }) => {
    test.slow();

    // Fiona proposes the address: nothing is usable before a second operator approves it.
    await signIn(page, 'fiona');
    await page.goto('/destinations');
    const add = page.getByRole('form', { name: 'Add to the book' });
    await add.getByLabel('Network').selectOption('ETHEREUM');
    await add.getByLabel('Address', { exact: false }).fill(ADDRESS);
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

    // Ada sees it cooling off, and a send to it refused with the time it becomes usable.
    const ada = page;
    await ada.context().clearCookies();
    await signIn(ada, 'ada');
    await ada.goto('/destinations');
    await expect(bookRow(ada)).toContainText('Cooling off');
    await expect(bookRow(ada)).toContainText('Usable from');
    await screenshot(ada, 'allowed-destinations-cooling-off');

    let form = await orchestration(ada, '0.1');
    await expect(form.form.getByRole('region', { name: 'Your limits' })).toContainText(
      '1 of 1 ETH left in the last 24 hours',
    );
    let review = new ReviewStep(ada, await form.openReview());
    const refused = await review.outlook();
    await expect(refused).toContainText('Refused');
    await expect(refused).toContainText('is cooling off');
    await expect(refused).toContainText('Usable from');
    await expect(review.send()).toBeDisabled();
    await expectAccessible(ada, 'review: refused for a destination cooling off');
    await review.dialog.getByRole('button', { name: 'Back to the form' }).click();

    // After its cooling-off it is active, and the send leaves.
    await expect(async () => {
      await ada.goto('/destinations');
      await expect(bookRow(ada)).toContainText('Active', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    form = await orchestration(ada, '0.1');
    review = new ReviewStep(ada, await form.openReview());
    await expect(await review.outlook()).toContainText('Sent at once');
    await expect(review.dialog).toContainText(NAME);
    await review.send().click();
    await expect(form.result.outcome()).toContainText('Succeeded');

    // What is left shows before review; a send past it escalates, and the review says why.
    form = await orchestration(ada, '1');
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
});
