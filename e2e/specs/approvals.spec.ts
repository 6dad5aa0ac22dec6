import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expect, sandbox, screenshot, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages, AwaitingApprovalCard } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';

const { treasury, payouts } = DEMO_IDS.profiles;

/** Fiona submits an internal transfer above the e2e policy's 1000 limit; it waits. */
async function submitHeldTransfer(page: Page, amount: string): Promise<string> {
  await signIn(page, 'fiona');
  const form = new OperationForm(page, 'Create internal transfer');
  await form.goto(routeOf('createInternalTransfer'));
  await form.fill({
    'From profile': treasury,
    'To profile': payouts,
    Asset: 'USD',
    Amount: amount,
  });
  const refId = await form.refId().inputValue();
  await form.openReview();
  await form.confirm();
  const held = new AwaitingApprovalCard(page);
  await expect(held.root).toBeVisible();
  await expect(held.root).toContainText('Nothing was sent yet');
  await expect(held.root).toContainText('finance or admin');
  return refId;
}

const debits = async (refId: string) =>
  (await sandbox.state()).transfers.filter((t) => t.ref_id === refId && t.direction === 'DEBIT');

test.describe('Maker-checker approvals', () => {
  test('a second finance operator approves; the transfer is sent once, as approved', async ({
    page,
    browser,
  }) => {
    const refId = await submitHeldTransfer(page, '2500.00');
    await screenshot(page, 'approval-submitted');
    expect(await debits(refId)).toHaveLength(0);

    // Fiona's own request: she may cancel it but not approve it.
    await new AwaitingApprovalCard(page).link().click();
    const mine = new ApprovalsPages(page);
    await expect(mine.button('Cancel request')).toBeVisible();
    await expect(mine.button('Approve')).toHaveCount(0);

    const frank = await secondOperator(browser, 'frank');
    const checker = new ApprovalsPages(frank);
    await expect(checker.navLink()).toContainText('1');
    // His inbox says so too, counted on the bell (issue 60, item 4), and takes him to the queue.
    const bell = frank.getByRole('button', {
      name: /^Inbox, .*\d+ requests? waits? for your approval$/,
    });
    await expect(bell).toBeVisible();
    await bell.click();
    await frank
      .getByRole('dialog', { name: 'Inbox' })
      .getByRole('link', { name: /^\d+ requests? waits? for your approval$/ })
      .click();
    await expect(frank).toHaveURL(/\/approvals$/);
    await expect(frank.getByRole('dialog', { name: 'Inbox' })).toBeHidden();
    const row = checker.row('Fiona Finance', '2,500.00 USD');
    await expect(row).toHaveCount(1);
    // A click anywhere on the row opens it, not only its link (issue 66).
    await row.getByText('Fiona Finance').click();
    await expect(frank).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
    // The fields read grouped; the exact body below keeps the digits as sent.
    await expect(checker.whatWillBeSent()).toContainText('2,500.00');
    await expect(checker.exactBody()).toContainText(`"ref_id":"${refId}"`);
    const approvedBytes = (await checker.exactBody().innerText()).trim();
    await screenshot(frank, 'approval-review');
    await checker.approve();
    await expect(checker.sent).toBeVisible({ timeout: 20_000 });
    await expect(checker.sent.getByText('Succeeded', { exact: true }).first()).toBeVisible();
    // Who sent it, as the history says: the maker made it, Frank's approval sent it.
    await expect(checker.sent).toContainText(
      'Made by Fiona Finance (fiona), sent on the approval of Frank Finance (frank)',
    );
    // And when: made, then answered, each as a time.
    await expect(checker.sent).toContainText(/made .+, answered .+/);
    await screenshot(frank, 'approval-approved');

    // Sent exactly once, and the service verified the very bytes that were approved.
    expect(await debits(refId)).toHaveLength(1);
    const received = (await sandbox.log()).requests.filter(
      (r) => r.path === '/v2/transfer/internal' && r.body.includes(refId),
    );
    expect(received.map((r) => r.body)).toEqual([approvedBytes]);

    // Fiona sees it succeeded, and the journal names both operators.
    await page.reload();
    await expect(page.getByText('Succeeded', { exact: true }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Open the journal entry' }).click();
    const approval = page.getByRole('region', { name: 'Approval', exact: true });
    await expect(approval).toContainText(
      'Made by Fiona Finance (fiona); approved by Frank Finance (frank)',
    );
    await expect(approval).toContainText('Sent to the service');
    await screenshot(page, 'approval-journal');
    await frank.context().close();
  });

  test('a rejection with a reason sends nothing, and the maker reads why', async ({
    page,
    browser,
  }) => {
    const refId = await submitHeldTransfer(page, '1500.00');
    await new AwaitingApprovalCard(page).link().click();
    await page.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);
    const journalId = page.url().split('/').pop()!;

    const frank = await secondOperator(browser, 'frank');
    // From the queue by keyboard: the row's link takes the focus and Enter opens it.
    await frank.goto('/approvals');
    const checker = new ApprovalsPages(frank);
    await checker
      .row('1,500.00 USD')
      .filter({ has: frank.locator(`a[href="/approvals/${journalId}"]`) })
      .getByRole('link', { name: 'Create internal transfer' })
      .focus();
    await frank.keyboard.press('Enter');
    await expect(frank).toHaveURL(new RegExp(`/approvals/${journalId}$`));
    await checker.reject('Wrong destination profile');
    await expect(checker.history).toContainText('Rejected');
    await expect(checker.history).toContainText('Wrong destination profile');
    expect(await debits(refId)).toHaveLength(0);

    await page.goto(`/journal/${journalId}`);
    await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Approval', exact: true })).toContainText(
      'by Frank Finance (frank): Wrong destination profile',
    );
    await frank.context().close();
  });
});
