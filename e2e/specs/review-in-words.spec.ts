import { DEMO_IDS, routeOf } from '@console/schemas';
import type { Locator } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';
import { ReviewStep } from '../pages/review';

const { treasury, payouts, empty } = DEMO_IDS.profiles;
const { acme } = DEMO_IDS.fiatAccounts;

/** True when a colour reads as red: the console never paints a way forward red. */
async function isRed(button: Locator): Promise<boolean> {
  const [r, g, b] = (
    await button.evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g) ?? [])
  ).map(Number) as [number, number, number];
  return r > g + 60 && r > b + 60;
}

test.describe('The review step in words', () => {
  test('names both profiles, says the send goes at once, and a refusal names the profile with the amounts formatted', async ({
    page,
  }) => {
    await signIn(page, 'fiona');
    const form = new OperationForm(page, 'Create internal transfer');
    await form.goto(routeOf('createInternalTransfer'));
    await form.fill({
      'From profile': empty,
      'To profile': payouts,
      Asset: 'USD',
      Amount: '50.00',
    });
    const review = new ReviewStep(page, await form.openReview());
    // Below the e2e policy's 1000: no approval.
    await expect(await review.outlook()).toContainText(
      'No approval needed: it goes to the service when you confirm',
    );
    // What leaves and arrives, by name, the id small beside it; the table sends the id.
    const leaves = review.dialog.getByRole('heading', { name: 'Leaves' }).locator('..');
    await expect(leaves).toContainText('Empty');
    await expect(leaves).toContainText(empty);
    const arrives = review.dialog.getByRole('heading', { name: 'Arrives' }).locator('..');
    await expect(arrives).toContainText('Payouts');
    await expect(review.sentRow('To profile')).toContainText(payouts);
    await expectAccessible(page, 'review: names and sent at once');
    await screenshot(page, 'review-in-words');
    await review.send().click();

    const problem = form.problem();
    await expect(problem).toContainText(
      'Empty has 1.00 USD available; this needs 50.00 USD. Reduce the amount or fund the profile.',
    );
    // The profile may be funded by then: Retry can succeed, and is offered, never in red.
    const retry = problem.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    expect(await isRed(retry)).toBe(false);
    await expectAccessible(page, 'refusal in words');
  });

  test('a fiat account is named by its owner for an admin, with its id beside it', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    const form = new OperationForm(page, 'Create orchestration');
    await form.goto(routeOf('createOrchestration'));
    await form.fill({ Profile: treasury }, 'Who');
    await form.fill({ 'Source asset': 'USD', 'Destination asset': 'USD' });
    await form.rail('Source', 'Profile');
    await form.fill({ Profile: treasury }, 'Source');
    await form.rail('Destination', 'Fiat');
    await form.fill({ 'Fiat account': acme }, 'Destination');
    await form.fill({ 'Source amount': '10.00' });
    const review = new ReviewStep(page, await form.openReview());
    await expect(await review.outlook()).toContainText('No approval needed');
    const to = review.dialog.getByText('To', { exact: true }).locator('..');
    await expect(to).toContainText('Acme Corporation');
    await expect(to).toContainText(acme);
    await expect(review.sentRow('Destination › Fiat › Fiat account')).toContainText(
      'Acme Corporation',
    );
    await page.keyboard.press('Escape');
  });
});
