import { expectAccessible } from '../accessibility';
import { expect, sandbox, secondOperator, signIn, test } from '../fixtures';

/**
 * A batch takes what the single form takes (issue 67): a spreadsheet's own headers, grouped
 * amounts and asset codes in small letters, each read as the form reads it and said in its cell.
 */
test.describe('A batch as lenient as the form', () => {
  test('a file with From, To, Currency and Amount headers, 1,250.00 and usd, checks clean and sends', async ({
    page,
    browser,
  }) => {
    test.slow();
    const name = `as-the-form-${Date.now()}`;
    await signIn(page, 'fiona');
    await page.goto('/batches?new=1');
    await expect(page.getByRole('heading', { level: 2, name: 'New batch' })).toBeVisible();

    // What a file may hold is on the page before any file is chosen, with a template.
    await page.getByText(/The columns of a .* file, and a template/).click();
    const columns = page.getByRole('table').filter({ hasText: 'Also matched' });
    await expect(columns.getByRole('row', { name: /from_profile_id/ })).toContainText('From');
    await expect(columns.getByRole('row', { name: /^Asset/ })).toContainText('Currency');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download a template' }).click();
    expect((await download).suggestedFilename()).toBe('createInternalTransfer-template.csv');
    await expectAccessible(page, 'new batch with its columns');

    const text = [
      'From,To,Currency,Amount,Reference',
      'Treasury,Payouts,usd,"1,250.00",INV-1',
      'Treasury,Payouts,USD,2.50,INV-2',
    ].join('\r\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: `${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByRole('button', { name: 'Check the rows' }).click();

    // No mapping asked for: every header is matched; each cell read otherwise says so.
    const checked = page.getByRole('table', { name: 'Checked rows' });
    await expect(checked).toBeVisible();
    await expect(checked.locator('[aria-invalid="true"]')).toHaveCount(0);
    const first = checked.getByRole('row').nth(1);
    await expect(first).toContainText('1,250.00');
    await expect(first).toContainText('Read as 1250.00');
    await expect(first).toContainText('Read as USD');
    await expect(page.getByRole('table', { name: 'Totals per asset' })).toContainText('1,252.50');
    await expectAccessible(page, 'batch read as the form reads it');

    const before = (await sandbox.state()).transfers.length;
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Batch: ${name}.csv` })).toBeFocused();
    const url = new URL(page.url()).pathname;

    const frank = await secondOperator(browser, 'frank');
    await frank.goto(url);
    await frank.getByRole('button', { name: 'Approve' }).click();
    await frank
      .getByRole('dialog', { name: 'Approve the batch?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(page.getByLabel('Rows per state')).toContainText('2 succeeded', {
      timeout: 60_000,
    });
    const sent = (await sandbox.state()).transfers
      .slice(before)
      .filter((t) => t.direction === 'DEBIT')
      .map((t) => t.amount)
      .sort();
    expect(sent).toEqual(['1250.00', '2.50']);
  });
});
