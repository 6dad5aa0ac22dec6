import { DEMO_IDS, mayUse, operations, routeOf } from '@console/schemas';
import { expect, sandbox, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { AwaitingApprovalCard, ApprovalsPages } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';

const MONEY_MOVING = [
  'New order',
  'Internal transfer',
  'Svc transfer',
  'New orchestration',
  'New rule',
];

test.describe('Roles', () => {
  test('support updates a fiat account and is not offered money-moving pages', async ({ page }) => {
    await signIn(page, 'sam');
    const shell = new AppShell(page);
    await expect(shell.operator).toContainText('support');
    // Every read page the registry places in the navigation (all roles read them), and the console's
    // own pages a support operator works with; no form: an account is changed from its page.
    const lists = Object.values(operations).flatMap((op) =>
      op.kind === 'read' && op.page && op.nav && mayUse('support', op.id) ? [op.nav.label] : [],
    );
    expect([...(await shell.offered())].sort()).toEqual(
      [...lists, 'Approvals', 'Allowed destinations', 'Approval policy', 'Journal'].sort(),
    );
    for (const name of MONEY_MOVING) await expect(shell.navLink(name)).toHaveCount(0);

    // An account is changed from its page: Update opens the form on it.
    await shell.open('Fiat accounts');
    await page
      .getByRole('link', { name: `Update fiat account ${DEMO_IDS.fiatAccounts.globex}` })
      .click();
    const form = new OperationForm(page, 'Update fiat account');
    await expect(form.form).toBeVisible();
    await expect(form.field('First name')).not.toHaveValue('');
    await form.addMetadata({ ticket: 'SUP-2001' });
    await form.openReview();
    await form.confirm();
    // Held for another support or admin operator by the built-in policy; withdrawn again, so
    // nothing is left waiting for the specs that count the queue.
    const held = new AwaitingApprovalCard(page);
    await expect(held.root).toContainText('Nothing was sent yet');
    await held.link().click();
    const mine = new ApprovalsPages(page);
    await mine.button('Cancel request').click();
    await expect(mine.button('Cancel request')).toHaveCount(0);

    // Typing the address of a money-moving page does not offer it either.
    await page.goto(routeOf('createInternalTransfer'));
    await expect(page.getByText('Not offered to your role')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Create internal transfer' })).toHaveCount(0);
  });

  test('finance sends a transfer but is not offered fiat accounts', async ({ page }) => {
    await signIn(page, 'fiona');
    const shell = new AppShell(page);
    for (const name of MONEY_MOVING) await expect(shell.navLink(name)).toBeVisible();
    await expect(shell.navLink('Update fiat account')).toHaveCount(0);

    await shell.open('Internal transfer');
    const form = new OperationForm(page, 'Create internal transfer');
    await form.fill({
      'From profile': DEMO_IDS.profiles.treasury,
      'To profile': DEMO_IDS.profiles.trading,
      Asset: 'EUR',
      Amount: '12.34',
    });
    const refId = await form.refId().inputValue();
    await form.send();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.value('Amount')).toHaveText('12.34EUR');
    const debits = (await sandbox.state()).transfers.filter(
      (t) => t.ref_id === refId && t.direction === 'DEBIT',
    );
    expect(debits).toHaveLength(1);
  });

  test('a viewer reads orders and the journal only', async ({ page }) => {
    await signIn(page, 'vera');
    const shell = new AppShell(page);
    const offered = await shell.offered();
    expect(offered).toEqual(expect.arrayContaining(['Orders', 'Journal']));
    for (const name of [
      ...MONEY_MOVING,
      'Update fiat account',
      'New deposit address',
      'Withdrawal fees',
    ]) {
      expect(offered).not.toContain(name);
    }
    await page.goto(routeOf('createOrder'));
    await expect(page.getByText('Not offered to your role')).toBeVisible();
  });
});
