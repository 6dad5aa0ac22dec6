import { randomUUID } from 'node:crypto';
import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, sandbox, signIn, test } from '../fixtures';
import { focusedName, tabTo } from '../pages/keyboard';
import { OperationForm } from '../pages/operation-form';
import { pageOf } from '../pages/routes';

const { treasury, payouts } = DEMO_IDS.profiles;

test.describe('Keyboard only', () => {
  test('an internal transfer from home to its result, through the review dialog', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    await page.goto('/');
    const form = new OperationForm(page, 'Create internal transfer');

    await tabTo(page, 'Internal transfer');
    await page.keyboard.press('Enter');
    await expect(form.form).toBeVisible();

    await tabTo(page, 'From profile');
    await page.keyboard.type(treasury);
    await tabTo(page, 'To profile');
    await page.keyboard.type(payouts);
    await tabTo(page, 'Asset');
    await page.keyboard.type('USD');
    await tabTo(page, 'Amount');
    // Below the e2e policy's approval limit (1000), so it goes out at once.
    await page.keyboard.type('987.65');
    const refId = await form.refId().inputValue();

    // The review dialog takes focus, keeps it inside, and gives it back when closed.
    await tabTo(page, 'Review and send');
    await page.keyboard.press('Enter');
    await expect(form.review).toBeVisible();
    await expect(form.review).toContainText('987.65 USD');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await form.review.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(form.review).toBeHidden();
    expect(await focusedName(page)).toBe('Review and send');

    await page.keyboard.press('Enter');
    await expect(form.review).toBeVisible();
    await tabTo(page, 'Confirm and send');
    await page.keyboard.press('Enter');

    // The answer's heading has the focus: a screen reader reads the result, not the page top.
    await expect(form.result.root).toBeVisible({ timeout: 20_000 });
    await expect(form.result.heading()).toBeFocused();
    await expect(form.result.outcome()).toContainText('Succeeded');
    const sent = (await sandbox.state()).transfers.filter(
      (t) => t.ref_id === refId && t.direction === 'DEBIT',
    );
    expect(sent.map((t) => t.amount)).toEqual(['987.65']);
  });

  test('an open order cancelled from its page: the dialog keeps focus, then the outcome has it', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    await sandbox.setPrice('BTCUSD', '60000');
    try {
      const placed = await page.request.post('/api/operations/createOrder', {
        headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
        data: {
          profile_id: DEMO_IDS.profiles.trading,
          market: 'BTCUSD',
          side: 'BUY',
          type: 'LIMIT',
          base_amount: '0.01',
          price: '54000',
          ref_id: randomUUID(),
        },
      });
      const order = ((await placed.json()) as { data: { id: string } }).data;
      await page.goto(pageOf('getOrder', { profile_id: DEMO_IDS.profiles.trading, id: order.id }));
      const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });

      await tabTo(page, 'Cancel order');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await focusedName(page)).toBe('Cancel order');

      await page.keyboard.press('Enter');
      await tabTo(page, 'Send the cancel request');
      await page.keyboard.press('Enter');
      // Focus is on what the action did, where its button was; the page follows the order.
      await expect(
        page.getByRole('status').filter({ hasText: 'Cancel requested' }).first(),
      ).toBeFocused();
      await expect(page.getByRole('status', { name: 'Cancel request' })).toContainText(
        'Cancelled as requested',
      );
    } finally {
      await sandbox.setPrice('BTCUSD', null);
    }
  });

  test('a refused send puts focus on the first field to fix', async ({ page }) => {
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create internal transfer');
    await form.goto(routeOf('createInternalTransfer'));
    await tabTo(page, 'Amount');
    await page.keyboard.type('1e3');
    await tabTo(page, 'Review and send');
    await page.keyboard.press('Enter');
    await expect(form.field('From profile')).toBeFocused();
    await expect(form.field('From profile')).toHaveAttribute('aria-invalid', 'true');
  });
});
