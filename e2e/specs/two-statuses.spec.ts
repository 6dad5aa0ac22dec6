import { randomUUID } from 'node:crypto';
import { DEMO_IDS } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { JournalPage } from '../pages/journal-page';
import { RecordAction } from '../pages/record-action';
import { pageOf } from '../pages/routes';
import { sendInternalTransfer } from '../pages/tasks';

const { trading } = DEMO_IDS.profiles;

/** Places an order through the BFF's API, journaled like any send: the seed, not what is tested. */
async function placeOrder(page: Page, order: Record<string, string>) {
  const refId = randomUUID();
  const response = await page.request.post('/api/operations/createOrder', {
    headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
    data: { profile_id: trading, market: 'BTCUSD', ref_id: refId, ...order },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { id: string; status: string } };
  return { ...data, refId };
}

test.describe('Two statuses, each true', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'frank');
  });

  test('the journal and home keep what the service answered when sent, and show what it holds now', async ({
    page,
  }) => {
    test.slow();
    const refId = await sendInternalTransfer(page, '3.33');
    const journal = new JournalPage(page);
    await journal.goto();
    const row = journal.rowFor(refId);
    await expect(row).toContainText('When sent: PENDING');
    // The sandbox settles transfers as its clock moves: now it is final.
    await sandbox.advance(60_000);
    await page.reload();
    await expect(row.getByLabel('Status now')).toContainText('COMPLETED');
    await expect(row).toContainText('When sent: PENDING');
    await expectAccessible(page, 'journal with statuses when sent and now');

    await page.goto('/');
    const mine = page
      .getByRole('region', { name: 'My requests', exact: true })
      .getByRole('listitem')
      .filter({ hasText: '3.33' })
      .first();
    await expect(mine).toContainText('When sent: PENDING');
    await expect(mine.getByLabel('Status now')).toContainText('COMPLETED');
    await screenshot(page, 'home-statuses-when-sent-and-now');
  });

  test('a cancel the service accepted is never a success of the order: it reads Order cancelled once the order does', async ({
    page,
  }) => {
    test.slow();
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      const resting = await placeOrder(page, {
        side: 'BUY',
        type: 'LIMIT',
        base_amount: '0.01',
        price: '50000',
      });
      await page.goto(pageOf('getOrder', { profile_id: trading, id: resting.id }));
      const cancel = new RecordAction(page, 'Cancel order', 'Cancel this order?');
      await cancel.open();
      await cancel.confirm('Send the cancel request');
      await expect(page.getByRole('status', { name: 'Cancel request' })).toContainText(
        'Cancelled as requested',
      );

      const journal = new JournalPage(page);
      await journal.goto('?operation=cancelOrder');
      const entry = journal.rows().first();
      await expect(entry).toContainText('Order cancelled');
      await expect(entry).not.toContainText('Succeeded');
      await journal
        .rows()
        .first()
        .getByRole('link', { name: /^Open journal entry/ })
        .click();
      const outcome = page
        .locator('dt', { hasText: 'Outcome' })
        .locator('xpath=following-sibling::dd[1]');
      await expect(outcome).toContainText('Order cancelled');
      await expect(outcome.getByLabel('Status now')).toContainText('CANCELLED');

      // The order it placed: answered SUBMITTED, now CANCELLED, both said.
      await journal.goto(`?ref_id=${resting.refId}`);
      const placed = journal.rowFor(resting.refId);
      await expect(placed).toContainText(`When sent: ${resting.status}`);
      await expect(placed.getByLabel('Status now')).toContainText('CANCELLED');
      await expectAccessible(page, 'an order placed, now cancelled');
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });
});
