import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages } from '../pages/approvals';
import { JournalPage } from '../pages/journal-page';
import { RecordAction } from '../pages/record-action';
import { pageOf } from '../pages/routes';

const { initech, umbrella } = DEMO_IDS.fiatAccounts;

test.describe('Fiat accounts', () => {
  test('support lists the accounts shortened, and opens an institution’s account whole', async ({
    page,
  }) => {
    await signIn(page, 'sam', pageOf('listFiatAccounts'));
    const list = page.getByRole('table', { name: 'Fiat accounts' });
    // As the service lists them: the last four digits, no owner.
    const row = list.getByRole('row').filter({
      has: page.getByRole('link', { name: `, fiat account ${initech}` }),
    });
    await expect(row).toContainText('XXXX6819');
    await expect(row).toContainText('Demo Bank London');
    await expect(list).not.toContainText('Initech');
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    await expectAccessible(page, 'fiat accounts list');
    await screenshot(page, 'fiat-accounts');

    await row.getByRole('link', { name: `, fiat account ${initech}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fiat account' })).toBeVisible();
    const owner = page.getByRole('region', { name: 'Owner' });
    await expect(owner).toContainText('An institution');
    await expect(owner).toContainText('Initech Ltd');
    await expect(owner).toContainText('10 Lower Thames Street');
    const now = page.getByRole('region', { name: 'As the service holds it now' });
    await expect(now).toContainText('GB29NWBK60161331926819');
    await expect(now).toContainText('Demo Correspondent Bank');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Update', exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'fiat account page');
    await screenshot(page, 'fiat-account');
  });

  test('a viewer sees an account masked, with nothing to change', async ({ page }) => {
    await signIn(page, 'vera', pageOf('getFiatAccount', { id: initech }));
    const owner = page.getByRole('region', { name: 'Owner' });
    await expect(owner).toContainText('An institution');
    await expect(owner).toContainText('I. L.');
    await expect(page.getByRole('main')).not.toContainText('Initech');
    await expect(page.getByRole('main')).not.toContainText('GB29NWBK60161331926819');
    await expect(page.getByText(/Your role sees this account masked/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete fiat account' })).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Update', exact: true }),
    ).toHaveCount(0);
  });

  test('support deletes an account: confirmed, held for approval, gone once approved', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, 'sam', pageOf('getFiatAccount', { id: umbrella }));
    const del = new RecordAction(page, 'Delete fiat account', 'Delete this fiat account?');
    const dialog = await del.open();
    await expect(dialog).toContainText('Umbrella Holdings Inc · CBIT ending BA72');
    await expect(dialog).toContainText(umbrella);
    await expect(dialog).toContainText('no new transfer to this account can be started');
    await expectAccessible(page, 'delete fiat account dialog');
    await del.confirm('Delete the account');
    await expect(del.awaiting()).toBeVisible();
    expect((await sandbox.state()).fiat_accounts.find((a) => a.id === umbrella)).not.toHaveProperty(
      'deleted_at',
    );

    const request = await del.awaiting().getByRole('link').getAttribute('href');
    const checker = await secondOperator(browser, 'ada');
    await checker.goto(request!);
    const approvals = new ApprovalsPages(checker);
    // The approver sees the account as it was when the request was made.
    await expect(checker.getByRole('region', { name: 'What changes' })).toContainText(
      'Umbrella Holdings Inc · CBIT ending BA72',
    );
    await approvals.approve();
    await expect(approvals.sent).toBeVisible();
    await checker.context().close();

    expect((await sandbox.state()).fiat_accounts.find((a) => a.id === umbrella)).toHaveProperty(
      'deleted_at',
    );
    const journal = new JournalPage(page);
    await journal.ofOperation('deleteFiatAccount');
    await expect(journal.rows().first()).toContainText('Sam Support');
    await page.goto(pageOf('listFiatAccounts'));
    await expect(page.getByRole('table', { name: 'Fiat accounts' })).toBeVisible();
    await expect(page.getByRole('link', { name: `, fiat account ${umbrella}` })).toHaveCount(0);
  });
});
