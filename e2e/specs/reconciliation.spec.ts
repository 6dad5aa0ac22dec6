import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, signIn, test } from '../fixtures';

/**
 * Issue 40: the journal matched with what the service holds, and every difference in a queue an
 * operator works: run, open a difference, see both sides, resolve it with a reason, export.
 */
test.describe('Reconciliation', () => {
  test('a transfer the service failed after the console recorded success is found, resolved with a reason, and exported', async ({
    page,
  }, testInfo) => {
    test.slow();
    await signIn(page, 'frank');
    const refId = `recon-${randomUUID()}`;
    const sent = await page.request.post('/api/operations/createInternalTransfer', {
      headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
      data: {
        from_profile_id: DEMO_IDS.profiles.treasury,
        to_profile_id: DEMO_IDS.profiles.payouts,
        asset: 'USD',
        amount: '21.09',
        ref_id: refId,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const transfer = ((await sent.json()) as { data: { id: string } }).data;
    expect((await sandbox.settleTransfer(transfer.id, 'FAILED')).status).toBe('FAILED');

    await page
      .getByRole('navigation', { name: 'Duties' })
      .getByRole('link', { name: 'Reconciliation' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    // The default period is yesterday to tomorrow (UTC): today's sends are in it.
    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    const runs = page.getByRole('table', { name: 'Reconciliation runs' });
    // Frank's run (the nightly run of the day before may be listed beside it).
    await expect(runs.getByRole('row').filter({ hasText: 'frank' }).first()).toContainText('Done', {
      timeout: 60_000,
    });

    const queue = page.getByRole('table', { name: 'Differences' });
    const row = queue.getByRole('row').filter({ hasText: transfer.id });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('SUCCEEDED');
    await expect(row).toContainText('FAILED');
    await expectAccessible(page, 'reconciliation queue');

    // The day's view counts it in Needs attention, and leads back to the queue.
    await page.goto('/');
    const open = page
      .getByRole('region', { name: 'Needs attention' })
      .getByRole('link', { name: /^\d+ open reconciliation differences?$/ });
    await expect(open).toBeVisible();
    await open.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    await row.getByRole('link', { name: 'Status differs' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Status differs' })).toBeVisible();
    const journal = page.getByRole('region', { name: 'The journal' });
    const service = page.getByRole('region', { name: 'The service' });
    await expect(journal).toContainText('Says: SUCCEEDED');
    await expect(journal).toContainText(refId);
    await expect(service).toContainText('Says: FAILED');
    await expect(service).toContainText(transfer.id);
    await expectAccessible(page, 'a difference, both sides');

    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'assigned to frank' })).toBeVisible();
    await page.getByRole('button', { name: 'Resolve…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve the difference' });
    await dialog
      .getByRole('textbox', { name: 'Reason' })
      .fill('Returned by the bank; refunded to treasury.');
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Resolved by frank: Returned by the bank' }),
    ).toBeVisible();
    const history = page.getByRole('table', { name: 'History of the difference' });
    await expect(history).toContainText('Returned by the bank; refunded to treasury.');

    await page.getByRole('link', { name: 'Back to reconciliation' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const path = testInfo.outputPath(file.suggestedFilename());
    await file.saveAs(path);
    const csv = readFileSync(path, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(transfer.id));
    expect(line).toMatch(/^status,,resolved,/);
    expect(line).toContain('Returned by the bank; refunded to treasury.');
    await expect(page.getByRole('table', { name: 'Per day and kind' })).toContainText(
      'Status differs',
    );
  });

  test('a statement uploaded and mapped shows a difference with the journal, the service and the statement', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'frank');
    const refId = `stmt-${randomUUID()}`;
    const sent = await page.request.post('/api/operations/createInternalTransfer', {
      headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
      data: {
        from_profile_id: DEMO_IDS.profiles.treasury,
        to_profile_id: DEMO_IDS.profiles.payouts,
        asset: 'USD',
        amount: '12.50',
        ref_id: refId,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await page
      .getByRole('navigation', { name: 'Duties' })
      .getByRole('link', { name: 'Reconciliation' })
      .click();
    const day = new Date().toISOString().slice(0, 10);
    // The custodian booked 12.75 where the console sent 12.50; its payee column is not kept.
    const csv = `Value date;Amount;Ccy;Our ref;Payee\n${day};-12.75;USD;${refId};Jane Doe\n`;
    const upload = page.getByRole('form', { name: 'Upload a statement' });
    await upload.getByRole('textbox', { name: 'Source' }).fill('Custodian A');
    await upload.getByLabel('Statement file (CSV)').setInputFiles({
      name: 'custodian-a.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await upload.getByRole('button', { name: 'Read the columns' }).click();
    const mapping = page.getByRole('form', { name: 'Map the statement’s columns' });
    // "Value date", "Amount" and "Payee" are proposed by name; the rest the operator maps.
    await expect(mapping.getByLabel('Column “Value date”')).toHaveValue('date');
    await expect(mapping.getByLabel('Column “Payee”')).toHaveValue('');
    await mapping.getByLabel('Column “Ccy”').selectOption('asset');
    await mapping.getByLabel('Column “Our ref”').selectOption('reference');
    await mapping.getByRole('button', { name: 'Upload and match' }).click();

    const table = page.getByRole('table', { name: 'Statement differences' });
    const row = table.getByRole('row').filter({ hasText: 'Amount differs' });
    await expect(row).toHaveCount(1, { timeout: 60_000 });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toContainText('12.50 USD');
    await expect(cells.nth(1)).toContainText(refId);
    // The service's side: its amount and the ref_id it holds (its status moves with its clock).
    await expect(cells.nth(2)).toContainText('12.50 USD');
    await expect(cells.nth(2)).toContainText(refId);
    await expect(cells.nth(3)).toContainText('-12.75 USD');
    await expect(page.getByRole('table', { name: 'Statements' })).toContainText('Custodian A');
    await expect(page.getByText('Jane Doe')).toHaveCount(0);
    await expectAccessible(page, 'a statement’s differences, three sides');
  });
});
