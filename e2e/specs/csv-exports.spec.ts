import { readFile } from 'node:fs/promises';
import { DEMO_IDS } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expect, secondOperator, signIn, test } from '../fixtures';
import { parseCsv } from '../pages/csv';
import { pageOf } from '../pages/routes';

/** Exports the list on screen and reads the file back. */
async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('main').getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  return {
    name: file.suggestedFilename(),
    rows: parseCsv(await readFile(await file.path(), 'utf8')),
  };
}

/** The body rows of a list's table, once it shows some. */
async function shownRows(page: Page, table: string): Promise<number> {
  const rows = page
    .getByRole('table', { name: table })
    .getByRole('rowgroup')
    .last()
    .getByRole('row');
  await expect(rows.first()).toBeVisible();
  return rows.count();
}

test.describe('CSV export on every list', () => {
  test('each list exports the rows its filters show, in flat columns, the record last', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'frank');
    const lists = [
      {
        path: pageOf('listOrders', {}, { status: 'OPEN' }),
        table: 'Orders',
        file: 'orders',
        first: ['id', 'created_at', 'profile_id', 'profile'],
      },
      {
        path: pageOf('listTransfers'),
        table: 'Transfers',
        file: 'transfers',
        first: ['id', 'created_at', 'profile_id', 'profile'],
      },
      {
        path: pageOf('listOrchestrations'),
        table: 'Orchestrations',
        file: 'orchestrations',
        first: ['id', 'created_at', 'profile_id', 'profile'],
      },
      {
        path: pageOf('listOrchestrationRules'),
        table: 'Rules',
        file: 'orchestration-rules',
        first: ['id', 'created_at', 'nickname'],
      },
      {
        path: pageOf('listDepositAddresses', {}, { profile: DEMO_IDS.profiles.omnibus }),
        table: 'Deposit addresses',
        file: 'deposit-addresses',
        first: ['id', 'created_at', 'profile_id', 'profile'],
      },
      {
        path: pageOf('listFiatAccounts'),
        table: 'Fiat accounts',
        file: 'fiat-accounts',
        first: ['id', 'created_at', 'account', 'bank'],
      },
    ];
    for (const list of lists) {
      await page.goto(list.path);
      const shown = await shownRows(page, list.table);
      const { name, rows } = await exportCsv(page);
      const [header, ...lines] = rows;
      expect(name, list.file).toMatch(
        new RegExp(`^${list.file}-\\d{4}-\\d{2}-\\d{2}T\\d{4}\\.csv$`),
      );
      expect(header!.slice(0, list.first.length), list.file).toEqual(list.first);
      expect(header!.at(-1), list.file).toBe('record');
      expect(lines, list.file).toHaveLength(shown);
    }
    // What the filters show, nothing else: every order exported is OPEN.
    await page.goto(pageOf('listOrders', {}, { status: 'OPEN' }));
    await shownRows(page, 'Orders');
    const { rows } = await exportCsv(page);
    const status = rows[0]!.indexOf('status');
    expect(new Set(rows.slice(1).map((r) => r[status]))).toEqual(new Set(['OPEN']));
    // A profile named beside its id, amounts as the service wrote them.
    const profile = rows[0]!.indexOf('profile');
    expect(rows.slice(1).every((r) => r[profile] !== '')).toBe(true);
  });

  test('the approvals list exports what waits, from → to by name', async ({ page, browser }) => {
    await signIn(page, 'fiona');
    const held = await page.request.post('/api/operations/createInternalTransfer', {
      headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
      data: {
        from_profile_id: DEMO_IDS.profiles.treasury,
        to_profile_id: DEMO_IDS.profiles.payouts,
        asset: 'USD',
        amount: '1500.00',
        ref_id: crypto.randomUUID(),
      },
    });
    expect(held.status()).toBe(202);
    const { journal } = (await held.json()) as { journal: { id: string } };
    try {
      const frank = await secondOperator(browser, 'frank');
      await frank.goto('/approvals');
      await shownRows(frank, 'Requests awaiting your approval');
      const { name, rows } = await exportCsv(frank);
      expect(name).toMatch(/^approvals-/);
      const [header, ...lines] = rows;
      const line = lines.find((l) => l[header!.indexOf('id')] === journal.id);
      expect(line?.[header!.indexOf('parties')]).toBe('Treasury → Payouts');
      expect(line?.[header!.indexOf('amount')]).toBe('1500.00');
      expect(line?.[header!.indexOf('eligible_roles')]).toBe('finance admin');
      await frank.context().close();
    } finally {
      await page.request.post(`/api/approvals/${journal.id}/cancel`, {
        headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
        data: {},
      });
    }
  });
});
