import { DEMO_IDS } from '@console/schemas';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../accessibility';
import { ApprovalsPages } from '../pages/approvals';
import { expect, sandbox, screenshot, secondOperator, signIn, test } from '../fixtures';
import { parseCsv } from '../pages/csv';

const { treasury, payouts, trading } = DEMO_IDS.profiles;

/** A payout file as a spreadsheet exports it in much of Europe: `;` between cells, its own headers. */
function payoutFile(
  name: string,
  amounts: readonly string[],
): { name: string; mimeType: string; buffer: Buffer } {
  const lines = ['Payer;Payee;Ccy;Sum;metadata.reason'];
  amounts.forEach((amount, i) => {
    lines.push(`${treasury};${i % 2 ? trading : payouts};USD;${amount};payout ${name} ${i + 1}`);
  });
  return {
    name: `${name}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
  };
}

async function openNewBatch(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Duties' })
    .getByRole('link', { name: 'Batches' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Batches' })).toBeVisible();
  await page.getByRole('button', { name: 'New batch' }).click();
}

test.describe('Batches', () => {
  test('a payout file is mapped, fixed, approved once by a second operator, sent, and its results downloaded', async ({
    page,
    browser,
  }) => {
    test.slow();
    const name = `month-end-${Date.now()}`;
    await signIn(page, 'fiona');
    await openNewBatch(page);

    // The first file has a misplaced comma in row 3: a problem in its cell, never 1000 or 100.
    await page
      .getByLabel('CSV file')
      .setInputFiles(payoutFile(name, ['1.25', '2.50', '1,00.00', '3.75']));
    await page.getByRole('button', { name: 'Check the rows' }).click();

    const mapping = page.getByRole('form', { name: 'Map the columns' });
    await expect(mapping).toBeVisible();
    await mapping
      .getByLabel('Column “Payer”')
      .selectOption({ label: 'From profile (required) · id or profile nickname' });
    await mapping
      .getByLabel('Column “Payee”')
      .selectOption({ label: 'To profile (required) · id or profile nickname' });
    await mapping.getByLabel('Column “Ccy”').selectOption({ label: 'Asset (required)' });
    await mapping.getByLabel('Column “Sum”').selectOption({ label: 'Amount (required)' });
    await expectAccessible(page, 'batch mapping');
    await mapping.getByRole('button', { name: 'Check again with this mapping' }).click();

    const checked = page.getByRole('table', { name: 'Checked rows' });
    await expect(checked).toBeVisible();
    const badCell = checked.locator('[aria-invalid="true"]');
    await expect(badCell).toHaveCount(1);
    await expect(badCell).toContainText('1,00.00');
    await expect(page.getByRole('list', { name: 'Problems of row 3' })).toContainText(
      'plain decimal',
    );
    const submit = page.getByRole('button', { name: 'Submit for approval' });
    await expect(submit).toBeDisabled();
    await expectAccessible(page, 'batch with a cell problem');
    await screenshot(page, 'batch-cell-problem');

    // The operator fixes the file and checks it again: the mapping is remembered for this header.
    await openNewBatch(page);
    await page
      .getByLabel('CSV file')
      .setInputFiles(payoutFile(name, ['1.25', '2.50', '1000.00', '3.75']));
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'as you mapped them for a file with this header before' }),
    ).toBeVisible();
    await expect(checked).toBeVisible();
    await expect(checked.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Totals per asset' })).toContainText('1,007.50');
    await expect(submit).toBeEnabled();
    const transfersBefore = (await sandbox.state()).transfers.length;
    await submit.click();

    const heading = page.getByRole('heading', { level: 1, name: `Batch: ${name}.csv` });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const url = page.url();
    // Nothing leaves before the approval.
    expect((await sandbox.state()).transfers).toHaveLength(transfersBefore);

    // Frank approves the rows' hash; the progress bar reaches the end.
    // It waits in his queue like any request (issue 66): the home, the count, the approvals.
    const frank = await secondOperator(browser, 'frank');
    await frank.goto('/');
    const home = frank
      .getByRole('region', { name: /Waiting for my approval/ })
      .getByRole('link', { name: `Batch ${name}.csv` });
    await expect(home).toBeVisible();
    const approvals = new ApprovalsPages(frank);
    await expect(approvals.navLink()).toContainText(/\d/);
    await approvals.navLink().click();
    const batchRow = frank
      .getByRole('table', { name: 'Batches awaiting your approval' })
      .getByRole('row')
      .filter({ hasText: `${name}.csv` });
    await expect(batchRow).toContainText(
      /4 rows of .*1,007\.50 USD in all, the largest 1,000\.00 USD/,
    );
    await expectAccessible(frank, 'approvals with a batch waiting');
    await batchRow.getByText(/4 rows of/).click();
    await expect(frank).toHaveURL(url);
    await frank.getByRole('button', { name: 'Approve' }).click();
    const dialog = frank.getByRole('dialog', { name: 'Approve the batch?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(frank.getByRole('dialog')).toHaveCount(0);

    const progress = page.getByRole('progressbar');
    await expect(progress).toHaveAttribute('aria-valuenow', '4', { timeout: 60_000 });
    await expect(progress).toHaveAttribute('aria-valuemax', '4');
    await expect(page.getByLabel('Rows per state')).toContainText('4 succeeded', {
      timeout: 60_000,
    });
    await expectAccessible(page, 'batch sent');
    await screenshot(page, 'batch-sent');

    // The results: the mapped columns, then each row's ref_id, state and service id.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download results' }).click();
    const file = await download;
    const [header, ...rows] = parseCsv(await readFile(await file.path(), 'utf8'));
    expect(header).toEqual(
      expect.arrayContaining([
        'Payer',
        'Payee',
        'Ccy',
        'Sum',
        'ref_id',
        'state',
        'service_id',
        'error',
      ]),
    );
    const at = (column: string) => header!.indexOf(column);
    expect(rows.map((r) => r[at('Sum')])).toEqual(['1.25', '2.50', '1000.00', '3.75']);
    expect(rows.map((r) => r[at('state')])).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    const debits = (await sandbox.state()).transfers.filter((t) => t.direction === 'DEBIT');
    for (const row of rows) {
      const sent = debits.filter((t) => t.ref_id === row[at('ref_id')]);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.id).toBe(row[at('service_id')]);
      expect(sent[0]!.amount).toBe(row[at('Sum')]);
    }
  });

  test('a payout file uploaded again in another order is refused, and a row paid before is shown to its approver', async ({
    page,
    browser,
  }) => {
    test.slow();
    const name = `reordered-${Date.now()}`;
    // Headers the console maps by name: no mapping to give.
    const file = (fileName: string, rows: readonly (readonly [string, string])[]) => ({
      name: `${fileName}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'From,To,Currency,Amount,Reference',
          ...rows.map(([a, memo]) => `Treasury,Payouts,USD,${a},${memo}`),
        ].join('\r\n'),
      ),
    });
    const upload = async (fileName: string, rows: readonly (readonly [string, string])[]) => {
      await openNewBatch(page);
      await page.getByLabel('CSV file').setInputFiles(file(fileName, rows));
      await page.getByRole('button', { name: 'Check the rows' }).click();
      await expect(page.getByRole('table', { name: 'Checked rows' })).toBeVisible();
    };
    await signIn(page, 'fiona');
    await upload(name, [
      ['5.00', `${name} 1`],
      ['6.50', `${name} 2`],
    ]);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Batch: ${name}.csv` })).toBeFocused();
    const first = new URL(page.url()).pathname;
    const firstId = first.split('/').pop()!;

    // The same rows, last first, under another name, one amount written otherwise: refused.
    await upload(`${name}-copy`, [
      ['6.5', `${name} 2`],
      ['5.00', `${name} 1`],
    ]);
    const before = page.getByRole('note').filter({ hasText: 'These rows were uploaded before' });
    await expect(before).toContainText('The same rows, in another order, are');
    await expect(before.getByRole('link', { name: `batch ${firstId}` })).toHaveAttribute(
      'href',
      first,
    );
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    const refused = page.getByRole('alert', { name: 'Already uploaded' });
    await expect(refused.getByRole('link', { name: `Open batch ${firstId}` })).toBeVisible();

    // A new file one of whose rows pays what a row of the first pays: taken, and said.
    await upload(`${name}-april`, [
      ['7.25', `${name} 3`],
      ['5.00', `${name} 1`],
    ]);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Batch: ${name}-april.csv` }),
    ).toBeFocused();
    const frank = await secondOperator(browser, 'frank');
    await frank.goto(page.url());
    const repeated = frank.getByRole('table', { name: 'Repeated rows' });
    await expect(repeated.getByRole('row')).toHaveCount(2);
    await expect(repeated).toContainText('Row 1 of');
    await expect(repeated.getByRole('link', { name: `batch ${name}.csv` })).toHaveAttribute(
      'href',
      first,
    );
    await expectAccessible(frank, 'batch with a repeated row');
    await screenshot(frank, 'batch-repeated-row');
    await frank.getByRole('button', { name: 'Approve' }).click();
    const dialog = frank.getByRole('dialog', { name: 'Approve the batch?' });
    await expect(dialog.getByRole('note', { name: 'Repeated rows' })).toContainText(
      'Row 2 (1 of 2) pays what a row of an earlier batch of the last 7 days pays',
    );
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(frank.getByRole('dialog')).toHaveCount(0);
    await expect(frank.getByLabel('Rows per state')).toContainText('2 succeeded', {
      timeout: 60_000,
    });
  });
});
