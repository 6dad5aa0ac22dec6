import { DEMO_IDS, routeOf } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const I = DEMO_IDS.identities;
const A = DEMO_IDS.accounts;
const P = DEMO_IDS.profiles;

interface SentTransfer {
  ref_id?: string;
  direction: string;
  amount: string;
  identity_id?: string;
  account_id?: string;
  [key: string]: unknown;
}

test.describe('Identifiers picked by name (issue 34)', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createInternalTransfer'));
    form = new OperationForm(page, 'Create internal transfer');
    await form.expectOpen();
  });

  test('an internal transfer is filled entirely by picking, and sent', async ({ page }) => {
    await form.pick('From profile', 'Treas', 'Treasury');
    await form.pick('To profile', 'Payo', 'Payouts');
    await form.pick('Asset', 'US', 'USD');
    await form.fill({ Amount: '12.34' });
    await form.openAdvanced();
    await form.pick('From identity', 'Alice', 'Alice Moreau');
    // Only the chosen identity's accounts, its own and those it is a member of.
    await form.field('From account').click();
    await expect(page.getByRole('option')).toHaveText([/^Market making desk/, /^Northwind/]);
    await page.getByRole('option', { name: /^Northwind Trading: house account/ }).click();
    await form.pick('To identity', 'Bob', 'Bob Okafor');
    await form.pick('To account', 'Brok', 'Brokerage');
    const limits = form.form.getByRole('region', { name: 'Transfer limits' });
    await expect(limits).toContainText('per transaction on internal transfers');
    await expectAccessible(page, 'internal transfer picked by name');
    await screenshot(page, 'transfer-internal-picked');
    const refId = await form.refId().inputValue();

    const review = await form.openReview();
    await expect(review).toContainText('12.34');
    await form.confirm();
    await expect(form.result.outcome()).toContainText('Succeeded');

    const sent = (await sandbox.state()).transfers as SentTransfer[];
    const debit = sent.find((t) => t.ref_id === refId && t.direction === 'DEBIT');
    expect(debit?.amount).toBe('12.34');
    const log = (await sandbox.log()).requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/transfer/internal') && r.body.includes(refId),
    );
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.body)).toMatchObject({
      from_profile_id: P.treasury,
      to_profile_id: P.payouts,
      from_identity_id: I.alice,
      from_account_id: A.northwind,
      to_identity_id: I.bob,
      to_account_id: A.bob,
      asset: 'USD',
      amount: '12.34',
    });
  });

  test('a frozen identity is shown with why, and cannot be picked for a send', async ({ page }) => {
    await form.openAdvanced();
    const field = form.field('From identity');
    await field.fill('Erin');
    const erin = page.getByRole('option', { name: /^Erin Tanaka/ });
    await expect(erin).toContainText('Frozen (legal order): it cannot transact');
    await expect(erin).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible(page, 'identity picker with a frozen identity');
    await erin.click({ force: true });
    await expect(field).not.toHaveValue('Erin Tanaka');
    // Pasting its id is refused too, in words.
    await field.fill(I.erin);
    await form.expectFieldError(
      'From identity',
      'Erin Tanaka cannot be chosen here: Frozen (legal order): it cannot transact.',
    );
    await expect(field).not.toHaveValue('Erin Tanaka');
  });

  test('a send above what remains of a limit is stopped at review, naming the limit', async ({
    page,
  }) => {
    await form.pick('From profile', 'Treas', 'Treasury');
    await form.pick('To profile', 'Payo', 'Payouts');
    await form.pick('Asset', 'US', 'USD');
    await form.fill({ Amount: '1000000.01' });
    const limits = form.form.getByRole('region', { name: 'Transfer limits' });
    await expect(limits.getByRole('status')).toContainText('The service refuses it');
    await form.submit();
    await form.expectFieldError(
      'Amount',
      /1,000,000\.01 USD is more than the limit of 1,000,000\.00 USD per transaction on internal transfers allows: 1,000,000\.00 USD is left/,
    );
    await expect(form.review).toBeHidden();
    await expectAccessible(page, 'transfer above a limit');
    await screenshot(page, 'transfer-internal-over-limit');
    const sent = (await sandbox.log()).requests.filter((r) => r.body.includes('1000000.01'));
    expect(sent).toHaveLength(0);
  });

  test('an identity frozen after it was picked is refused by the service, explained beside it', async ({
    page,
  }) => {
    const review = (controls: { type: string; reason_code?: string }[]) =>
      fetch(`${sandbox.url()}/sandbox/identities/${I.bob}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ controls }),
      });
    await form.pick('From profile', 'Treas', 'Treasury');
    await form.pick('To profile', 'Payo', 'Payouts');
    await form.pick('Asset', 'US', 'USD');
    await form.fill({ Amount: '2.50' });
    await form.openAdvanced();
    await form.pick('From identity', 'Bob', 'Bob Okafor');
    // Meanwhile the service's review freezes Bob.
    expect((await review([{ type: 'FROZEN', reason_code: 'LEGAL_ORDER' }])).status).toBe(200);
    try {
      await form.send();
      await expect(form.problem()).toBeVisible();
      await form.expectFieldError('From identity', /Bob Okafor .*Frozen \(legal order\)/);
      await expectAccessible(page, 'a frozen identity refused by the service');
      await screenshot(page, 'transfer-internal-frozen-identity');
    } finally {
      await review([]);
    }
  });
});
