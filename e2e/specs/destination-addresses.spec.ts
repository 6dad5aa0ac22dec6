import { DEMO_IDS, routeOf } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages, AwaitingApprovalCard } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';
import { pageOf } from '../pages/routes';

const { cold } = DEMO_IDS.destinationAddresses;

test.describe('The address book (issue 34)', () => {
  test('filters by network, status and nickname', async ({ page }) => {
    await signIn(page, 'fiona', pageOf('listCryptoDestinationAddresses'));
    await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Destination addresses' });
    const filters = page.getByRole('search', { name: 'Filter the address book' });
    await expect(table.getByRole('row').filter({ hasText: 'Bob: new wallet' })).toContainText(
      'Cannot be paid out to until approved',
    );
    await expectAccessible(page, 'address book');
    await screenshot(page, 'address-book');

    await filters.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'ETHEREUM', exact: true }).click();
    await expect(table).toContainText('Cold storage');
    await expect(table).toContainText('Bob: new wallet');
    await expect(table).not.toContainText('Alice: BTC payouts');

    await filters.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'PENDING', exact: true }).click();
    await expect(table).toContainText('Bob: new wallet');
    await expect(table).not.toContainText('Cold storage');

    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await filters.getByRole('combobox', { name: 'Nickname' }).fill('Alice');
    await page.getByRole('option', { name: 'Alice: BTC payouts', exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(2); // the header and Alice's address
    await expect(table).toContainText('Alice: BTC payouts');
  });

  test('a rename, once approved, is the nickname the payout picker shows', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, 'fiona', pageOf('listCryptoDestinationAddresses'));
    await page.getByRole('link', { name: 'Rename or bookmark Cold storage' }).click();

    // The Put form, started from the row's values handed over in the navigation, not the address.
    await expect(page).toHaveURL(routeOf('putCryptoDestinationAddress'));
    const form = new OperationForm(page, 'Save destination address');
    await expect(form.form).toBeVisible();
    await expect(form.field('Nickname')).toHaveValue('Cold storage');
    await form.fill({ Nickname: 'Cold storage: vault 2' });
    await expectAccessible(page, 'rename an address of the book');
    await form.submit();

    // Changing the book changes who can be paid: held for a second operator.
    const card = new AwaitingApprovalCard(page);
    await expect(card.root).toBeVisible();
    const request = await card.link().getAttribute('href');
    const checker = await secondOperator(browser, 'frank');
    await checker.goto(request!);
    const approvals = new ApprovalsPages(checker);
    await approvals.approve();
    await expect(approvals.sent).toBeVisible();
    await checker.context().close();
    const book = (await sandbox.state()).destination_addresses as {
      id: string;
      nickname?: string;
    }[];
    expect(book.find((a) => a.id === cold)?.nickname).toBe('Cold storage: vault 2');

    const payout = new OperationForm(page, 'Create orchestration');
    await payout.goto(routeOf('createOrchestration'));
    await payout.rail('Destination', 'Crypto');
    await payout.field('Address', 'Destination').click();
    const option = page.getByRole('option', { name: /^Cold storage: vault 2/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText('APPROVED');
    await expect(page.getByRole('option', { name: /^Cold storage(?!:)/ })).toHaveCount(0);
    await option.click();
    await expect(payout.field('Address', 'Destination')).toHaveValue('Cold storage: vault 2');
  });
});
