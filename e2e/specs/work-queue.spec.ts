import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Page } from '@playwright/test';
import { docsScreenshot, expect, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages, AwaitingApprovalCard } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';

const { treasury, payouts } = DEMO_IDS.profiles;

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('Home is a work queue', () => {
  test('a maker sees their request approved by another operator, without reloading', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create internal transfer');
    await form.goto(routeOf('createInternalTransfer'));
    await form.fill({
      'From profile': treasury,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '3456.78',
    });
    await form.openReview();
    await form.confirm();
    await expect(new AwaitingApprovalCard(page).root).toBeVisible();

    // Home: the request is among Fiona's, waiting.
    await page.getByRole('link', { name: 'svc operator console' }).click();
    const mine = section(page, 'My requests');
    const item = mine.getByRole('listitem').filter({ hasText: '3,456.78' });
    await expect(item).toContainText('Awaiting approval');
    await expect(item).toContainText('Approvals: 0 of 1');

    // Frank sees it waiting for him, on his home page and in the navigation count.
    const frank = await secondOperator(browser, 'frank');
    const waiting = section(frank, 'Waiting for my approval');
    const request = waiting.getByRole('link', { name: /3,456\.78 USD/ });
    await expect(request).toBeVisible();
    await expect(new ApprovalsPages(frank).navLink()).toContainText(/\d/);
    await request.click();
    await new ApprovalsPages(frank).approve();
    await expect(new ApprovalsPages(frank).sent).toBeVisible({ timeout: 20_000 });

    // Fiona, who did nothing, is told within seconds, and her list shows what became of it.
    const toast = page.getByRole('alert').filter({ hasText: 'Approved and sent' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toContainText('Create internal transfer of 3,456.78 USD');
    await expect(item).toContainText('Succeeded');
    // What the service answered when sent, labelled as such; its status now is read beside it
    // (issue 33: "Service status" read as if it were still true).
    await expect(item).toContainText('When sent: PENDING');
    await expect(item.getByRole('group', { name: 'Status now' })).toBeVisible();
    await docsScreenshot(page, 'home');
    await frank.context().close();
  });
});
