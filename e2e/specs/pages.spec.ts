import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, screenshot, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { JournalPage } from '../pages/journal-page';
import { OrdersPage } from '../pages/orders-page';
import { pageOf } from '../pages/routes';
import { placeOrder } from '../pages/tasks';

/** Every page the console has, at 1440×900, as an operator sees it; a few in the dark theme. */
const FORMS: [string, string, string][] = [
  [routeOf('createOrder'), 'Create order', 'page-order-new'],
  [routeOf('createInternalTransfer'), 'Create internal transfer', 'page-transfer-internal'],
  [routeOf('createSvcTransfer'), 'Create svc transfer', 'page-transfer-svc'],
  [routeOf('createDepositAddress'), 'Create deposit address', 'page-crypto-deposit-addresses'],
  [
    routeOf('createCryptoWithdrawalFee'),
    'Quote crypto withdrawal fee',
    'page-crypto-withdrawal-fees',
  ],
  [
    routeOf('updateFiatAccount', { id: DEMO_IDS.fiatAccounts.acme }),
    'Update fiat account',
    'page-fiat-accounts',
  ],
  [routeOf('createOrchestration'), 'Create orchestration', 'page-orchestration-orchestrations'],
  [routeOf('createOrchestrationRule'), 'Create orchestration rule', 'page-orchestration-rules'],
];

test.describe('Every page', () => {
  test('light theme', async ({ page }) => {
    await signIn(page, 'ada');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await screenshot(page, 'page-home');
    for (const [path, title, name] of FORMS) {
      await page.goto(path);
      await expect(page.getByRole('form', { name: title })).toBeVisible();
      await screenshot(page, name);
    }
    await placeOrder(page, {
      market: 'BTCUSD',
      side: 'BUY',
      type: 'MARKET',
      amounts: { 'Quote amount': '12.00' },
    });
    const orders = new OrdersPage(page);
    await orders.goto();
    await expect(orders.rows().first()).toBeVisible();
    await screenshot(page, 'page-orders');
    await orders.open(orders.rows().first());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('BTCUSD');
    await screenshot(page, 'page-order-detail');
    const journal = new JournalPage(page);
    await journal.goto();
    await expect(journal.rows().first()).toBeVisible();
    await screenshot(page, 'page-journal');
    await journal.rows().first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Journal entry/ })).toBeVisible();
    await screenshot(page, 'page-journal-detail');
    await page.goto('/no-such-page');
    await expect(page.getByRole('main')).toBeVisible();
    await screenshot(page, 'page-not-found');
  });

  test('pages of what the service holds, light theme', async ({ page }) => {
    await signIn(page, 'ada');
    const READS: [string, string, string][] = [
      [pageOf('listTransfers'), 'Transfers', 'page-transfers'],
      [pageOf('listDepositAddresses'), 'Deposit addresses', 'page-deposit-addresses'],
      [pageOf('listFiatAccounts'), 'Fiat accounts', 'page-fiat-accounts-list'],
      [
        pageOf('getFiatAccount', { id: DEMO_IDS.fiatAccounts.hopper }),
        'Fiat account',
        'page-fiat-account',
      ],
      [pageOf('listOrchestrations'), 'Orchestrations', 'page-orchestrations'],
      [pageOf('listOrchestrationRules'), 'Orchestration rules', 'page-rules-list'],
      [pageOf('listProfiles'), 'Profiles', 'page-profiles'],
      [pageOf('getProfile', { profile_id: DEMO_IDS.profiles.omnibus }), 'Profile', 'page-profile'],
    ];
    for (const [path, title, name] of READS) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: new RegExp(`^${title}`) }),
      ).toBeVisible();
      await expect(page.getByText(/^Last updated/)).toBeVisible();
      await screenshot(page, name);
    }
    await page.goto(pageOf('listOrchestrationRules'));
    await page
      .getByRole('link', { name: /^Open rule / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Rule/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Orchestrations it made' })).toBeVisible();
    await screenshot(page, 'page-rule');
    await page.goto(pageOf('listOrchestrations'));
    await page
      .getByRole('link', { name: /^Open orchestration / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orchestration' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Transfers of the orchestration' })).toBeVisible();
    await screenshot(page, 'page-orchestration');
  });

  test('dark theme', async ({ page }) => {
    await signIn(page, 'ada');
    const shell = new AppShell(page);
    await shell.useTheme('dark');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await screenshot(page, 'dark-home');
    await page.goto(routeOf('createOrder'));
    await expect(page.getByRole('form', { name: 'Create order' })).toBeVisible();
    await screenshot(page, 'dark-order-new');
    const journal = new JournalPage(page);
    await journal.goto();
    await expect(journal.table.or(page.getByText('The journal is empty')).first()).toBeVisible();
    await screenshot(page, 'dark-journal');
    await page.goto(routeOf('createInternalTransfer'));
    await page.getByLabel('Amount', { exact: true }).fill('1e5');
    await page.getByRole('button', { name: 'Review and send' }).click();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await screenshot(page, 'dark-transfer-errors');
    await shell.useTheme('light');
  });
});
