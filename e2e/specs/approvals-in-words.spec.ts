import { DEMO_IDS, routeOf } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, secondOperator, setRole, signIn, test } from '../fixtures';
import { ApprovalsPages, AwaitingApprovalCard } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';
import { policyApi } from '../pages/policy-api';
import { ReviewStep } from '../pages/review';

const { payouts } = DEMO_IDS.profiles;
/** The seeded cold storage address of the address book (ETHEREUM). */
const COLD_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

test.describe('Approvals in words (issue 66)', () => {
  test.afterEach(async () => {
    await sandbox.setPrice('BTCUSD', null);
  });

  test('a held market order’s review and approval name the rule and the estimate it used', async ({
    page,
    browser,
  }) => {
    // A version with a rule for orders, put in force by two admins, given back at the end.
    test.slow();
    setRole('frank', 'admin');
    let restore: (() => Promise<void>) | undefined;
    try {
      await sandbox.setPrice('BTCUSD', '60000.00');
      await signIn(page, 'ada');
      const before = await policyApi(page).policy();
      const draft = structuredClone(before.in_force.rules);
      draft.rules.unshift({
        id: 'large-orders',
        operations: ['createOrder'],
        assets: ['USD'],
        amount: { above: '25' },
        destination: 'any',
        initiator_roles: 'any',
        action: { kind: 'hold', approvers: 1, roles: ['finance', 'admin'] },
      });
      const proposed = await policyApi(page).post('/api/policy/versions', {
        document: draft,
        based_on: before.in_force.version,
        reason: 'Orders above 25 USD wait for a second operator',
      });
      expect(proposed.status()).toBe(202);
      const { journal } = (await proposed.json()) as { journal: { id: string } };
      const frank = await secondOperator(browser, 'frank');
      const approved = await policyApi(frank).post(`/api/approvals/${journal.id}/approve`, {});
      expect(approved.status()).toBe(200);
      restore = () => policyApi(page).giveBack(before.in_force.document, frank);

      // Fiona sells 0.001 BTC at market: about 60 USD, which has no notional before it fills.
      const fiona = await secondOperator(browser, 'fiona');
      const form = new OperationForm(fiona, 'Create order');
      await form.goto(routeOf('createOrder'));
      await form.pick('Profile', 'Trad', 'Trading');
      await form.choose('Order type', 'MARKET');
      await form.choose('Side', 'SELL');
      await form.choose('Market', 'BTCUSD');
      await form.fill({ 'Base amount': '0.001' });
      await expect(fiona.getByRole('region', { name: 'BTCUSD now' })).toContainText(
        /Notional \(estimate\)/,
      );
      const review = new ReviewStep(fiona, await form.openReview());
      await expect(await review.outlook()).toContainText('Waits for approval');
      const rule = review.dialog.getByRole('group', { name: 'The rule that decided it' });
      await expect(rule).toContainText('Decided by rule 1 (large-orders): Orders quoted in USD');
      await expect(rule).toContainText('price read when it is decided, plus 2 %');
      await expect(rule).toContainText('is above 25');
      await expect(rule).toContainText(
        /Amount compared: [\d,.]+ USD estimated: 0\.001 BTC at (59|60),[\d.,]+ USD, the price read when it was decided \([\d,.]+ USD\), plus the policy's 2 % margin\./,
      );
      await expectAccessible(fiona, 'review of a market order held by a threshold');
      await screenshot(fiona, 'review-deciding-rule');
      await form.confirm();
      const card = new AwaitingApprovalCard(fiona);
      await expect(card.root).toContainText('Nothing was sent yet');
      await card.link().click();
      await fiona.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);

      // The approval page names the same rule, with the estimate as it was decided.
      const held = fiona.getByRole('group', { name: 'The rule that decided it' });
      await expect(held).toContainText('Decided by rule 1 (large-orders)');
      await expect(held).toContainText(/estimated: 0\.001 BTC at/);
      await expectAccessible(fiona, 'approval naming the rule that held it');
      await new ApprovalsPages(fiona).button('Cancel request').click();
      await expect(new ApprovalsPages(fiona).button('Cancel request')).toHaveCount(0);
    } finally {
      await restore?.();
      setRole('frank', 'finance');
    }
  });

  test('a book entry waits on the home named Payouts; its approval says when it becomes usable', async ({
    page,
    browser,
  }) => {
    // Fiona proposes it from the book's form, picking the profile by its name: no typed id.
    await signIn(page, 'fiona');
    await page.goto('/destinations');
    const add = page.getByRole('form', { name: 'Add to the book' });
    await add.getByLabel('Kind').selectOption('own-profile');
    const profile = add.getByRole('combobox', { name: 'Profile', exact: true });
    await profile.click();
    await profile.fill('Payo');
    await page.getByRole('option', { name: 'Payouts', exact: true }).click();
    await expect(add.getByRole('note', { name: 'Profile, chosen' })).toHaveText(payouts);
    await add.getByLabel('Name', { exact: false }).fill('Payouts, for issue 66');
    await add.getByLabel('Reason', { exact: false }).fill('Payouts receive the weekly float');
    await expectAccessible(page, 'book entry proposal with a profile picked by name');
    await add.getByRole('button', { name: 'Propose for approval' }).click();
    const link = page.getByRole('link', { name: 'Open the request' });
    const journal = { id: ((await link.getAttribute('href')) ?? '').split('/').pop()! };
    expect(journal.id).toMatch(/^[0-9a-f-]{36}$/);
    try {
      const frank = await secondOperator(browser, 'frank');
      // The home says what waits in words: the destination the entry adds, by its name.
      await frank.goto('/');
      const waiting = frank.getByRole('region', { name: 'Waiting for my approval' });
      const item = waiting.getByRole('listitem').filter({ hasText: 'Payouts' });
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('link', { name: 'Payouts' })).toBeVisible();
      await expectAccessible(frank, 'home with a book entry waiting, named');
      await item.getByRole('link', { name: 'Add allowed destination' }).click();
      await frank.waitForURL(`**/approvals/${journal.id}`);
      const entry = frank.getByRole('group', { name: 'The entry of the book' });
      await expect(entry).toContainText('Payouts');
      await expect(entry).toContainText(payouts);
      await expect(entry).toContainText('The maker’s reason: Payouts receive the weekly float');
      await expect(entry).toContainText(/usable from approval \+ [\d.]+ (h|min)/);
      await expect(entry).toContainText(
        /Binding: (no operation requires the book under version \d+|version \d+ asks the book for)/,
      );
      await expectAccessible(frank, 'approval of a book entry for Payouts');
    } finally {
      // Withdrawn, so that no other spec finds it waiting.
      await page.goto(`/approvals/${journal.id}`);
      await new ApprovalsPages(page).button('Cancel request').click();
      await expect(new ApprovalsPages(page).button('Cancel request')).toHaveCount(0);
    }
  });

  test('a book entry takes an address of the address book over, its network with it', async ({
    page,
  }) => {
    await signIn(page, 'fiona');
    await page.goto('/destinations');
    const add = page.getByRole('form', { name: 'Add to the book' });
    await add.getByLabel('Kind').selectOption('crypto-address');
    const book = add.getByRole('combobox', { name: 'From the address book' });
    await book.click();
    await book.fill('0x5290');
    // The seeded cold storage, by its network and the address's ends (its nickname may change).
    await page.getByRole('option', { name: /ETHEREUM · 0x5290…9EE7$/ }).click();
    await expect(add.getByLabel('Network')).toHaveValue('ETHEREUM');
    await expect(add.getByRole('textbox', { name: /^Address/ })).toHaveValue(COLD_ADDRESS);
    await expect(add.getByLabel('Name', { exact: false })).not.toHaveValue('');
    await expectAccessible(page, 'book entry proposal with an address taken from the address book');
  });
});
