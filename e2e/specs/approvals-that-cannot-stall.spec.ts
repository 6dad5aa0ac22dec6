import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, secondOperator, setRole, signIn, test } from '../fixtures';
import { ApprovalsPages, AwaitingApprovalCard } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';
import { ReviewStep, previewStalled } from '../pages/review';

const { treasury, payouts } = DEMO_IDS.profiles;

/**
 * 250 000 USD from Treasury to Payouts: above the e2e policy's `two_above`, so it needs two
 * approvers of finance or admin other than Fiona: Frank and Ada, the only two there are.
 */
const TRANSFER = {
  'From profile': treasury,
  'To profile': payouts,
  Asset: 'USD',
  Amount: '250000.00',
};
const body = {
  from_profile_id: treasury,
  to_profile_id: payouts,
  asset: 'USD',
  amount: '250000.00',
};

async function openReview(page: Page): Promise<ReviewStep> {
  const form = new OperationForm(page, 'Create internal transfer');
  await form.goto(routeOf('createInternalTransfer'));
  await form.fill(TRANSFER);
  return new ReviewStep(page, await form.openReview());
}

/** Until the running BFF has read the users file again: what its preview says is the proof. */
async function untilStalled(page: Page, stalled: boolean): Promise<void> {
  await expect
    .poll(() => previewStalled(page, 'createInternalTransfer', body), { timeout: 15_000 })
    .toBe(stalled);
}

const item = (page: Page, section: string) =>
  page
    .getByRole('region', { name: section, exact: true })
    .getByRole('listitem')
    .filter({ hasText: '250,000.00' });

test.describe('Approvals that cannot stall', () => {
  test.afterEach(() => setRole('frank', 'finance'));

  test('the review says what a send waits for; a request that can no longer be approved needs attention, and one nobody could approve is not sent', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, 'fiona');

    // Before Send: it will wait, for whom, how long; the profiles by name, their ids beside.
    const review = await openReview(page);
    const outlook = await review.outlook();
    await expect(outlook).toContainText(
      'Waits for 2 approvers from finance or admin, up to 24 hours',
    );
    await expect(review.sentRow('From profile')).toContainText('Treasury');
    await expect(review.sentRow('From profile')).toContainText(treasury);
    await expect(review.sentRow('To profile')).toContainText('Payouts');
    await expect(review.dialog.getByText('Treasury', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'review: waits for two approvers');
    await screenshot(page, 'review-waits-for-approval');
    await review.send().click();
    const held = new AwaitingApprovalCard(page);
    await expect(held.root).toBeVisible();
    await held.link().click();
    await page.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);
    const requestPath = new URL(page.url()).pathname;

    // Every queue says what it still needs, and when it expires.
    await page.goto('/');
    const mine = item(page, 'My requests');
    await expect(mine).toContainText('Needs 2 more approvers: finance or admin');
    await expect(mine).toContainText('Expires');

    // Ada approves, confirming, with a comment kept in the trail.
    const ada = await secondOperator(browser, 'ada');
    await ada.goto('/approvals');
    const queue = new ApprovalsPages(ada);
    const row = queue.row('Fiona Finance', '250,000.00 USD');
    await expect(row).toContainText(/Treasury\s*→\s*Payouts/);
    await expect(row).toContainText('2 more approvers: finance or admin');
    await ada.goto(requestPath);
    await queue.button('Approve').click();
    await expect(queue.approveDialog()).toContainText('After yours it still needs 1 more approver');
    await expectAccessible(ada, 'approve confirmation');
    await queue.approveDialog().getByLabel('Comment (optional)').fill('Matches the treasury plan');
    await queue.approveDialog().getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(
      ada.getByRole('status').filter({ hasText: 'Your approval is recorded' }),
    ).toBeFocused();
    await expect(queue.history).toContainText('by Ada Admin (ada): Matches the treasury plan');
    await ada.context().close();

    await expect(mine).toContainText('Needs 1 more approver: finance or admin');

    // Frank, the only other finance operator, is demoted: nobody left can give the last approval.
    setRole('frank', 'viewer');
    await untilStalled(page, true);
    const attention = item(page, 'Needs attention');
    await expect(attention).toContainText(
      'Cannot be approved as things stand: Needs 1 more approval from finance or admin, and no other operator holds one of those roles',
    );
    await expect(attention).toContainText('Expires');
    await expectAccessible(page, 'home with a request nobody can approve');
    await screenshot(page, 'home-stalled-request');

    // A new send nobody could approve: the review says why, and Send is not offered.
    const impossible = await openReview(page);
    await expect(await impossible.outlook()).toContainText(
      'Needs 2 more approvals from finance or admin, and only 1 other operator holds one of those roles',
    );
    await expect(impossible.send()).toBeDisabled();
    await expectAccessible(page, 'review: nobody could approve it');
    await screenshot(page, 'review-nobody-could-approve');
    await page.keyboard.press('Escape');

    // Withdrawn: other specs count the requests that wait.
    await page.goto(requestPath);
    await new ApprovalsPages(page).button('Cancel request').click();
    await expect(new ApprovalsPages(page).button('Cancel request')).toHaveCount(0);
  });

  test('an approver demoted while the review is open: the BFF refuses the send, and the review’s step says why', async ({
    page,
  }) => {
    await signIn(page, 'fiona');
    await untilStalled(page, false);
    const review = await openReview(page);
    await expect(await review.outlook()).toContainText('Waits for 2 approvers');

    setRole('frank', 'viewer');
    await untilStalled(page, true);
    await review.send().click();
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'Nobody can approve this as things stand' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(
      'Nothing was journaled: it could never be sent. Needs 2 more approvals from finance or admin',
    );
    // Nothing was journaled: nothing to retry, and no journal entry to look up.
    await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(refused.getByRole('link', { name: /journal/i })).toHaveCount(0);
    await expectAccessible(page, 'send refused: nobody could approve it');
  });
});
