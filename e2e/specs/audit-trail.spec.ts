import { readFileSync } from 'node:fs';
import { expectAccessible } from '../accessibility';
import { cli } from '../cli';
import { expect, signIn, test } from '../fixtures';

test.describe('Audit trail', () => {
  test('an auditor verifies the trail, exports a period signed, and the export verifies with the public key', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'audrey');
    // Nothing that sends or approves is offered.
    const duties = page.getByRole('navigation', { name: 'Duties' });
    await expect(duties.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(duties.getByRole('link', { name: 'Internal transfer', exact: true })).toHaveCount(
      0,
    );
    await page.getByRole('button', { name: /Audrey Auditor/ }).click();
    await page.getByRole('menuitem', { name: 'Audit trail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await expect(page.getByText('The audit trail verifies')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Hash chains' })).toBeVisible();
    await expectAccessible(page, 'audit trail');

    const form = page.getByRole('form', { name: 'Signed export' });
    await form.getByLabel('Records').selectOption('security');
    const files = new Map<string, string>();
    page.on('download', (download) => {
      const path = testInfo.outputPath(download.suggestedFilename());
      void download.saveAs(path).then(() => files.set(download.suggestedFilename(), path));
    });
    const publicKey = page.waitForEvent(
      'download',
      (d) => d.suggestedFilename() === 'audit-public.pem',
    );
    await form.getByRole('button', { name: 'Download the public key' }).click();
    await (await publicKey).path();
    await form.getByRole('button', { name: 'Export and sign' }).click();
    await expect(page.getByRole('status').filter({ hasText: /rows exported/ })).toBeVisible();
    await expect.poll(() => files.size, { timeout: 10_000 }).toBe(4);

    const csv = [...files.keys()].find((name) => name.endsWith('.csv'))!;
    expect(readFileSync(files.get(csv)!, 'utf8')).toContain('audrey');
    // Anyone holding the public key checks it with the console's CLI.
    const verified = cli([
      'audit:verify-export',
      files.get(csv)!,
      files.get(`${csv}.jws`)!,
      '--key',
      files.get('audit-public.pem')!,
    ]);
    expect(verified).toContain('the signature holds');
    // And that its records are in the trail's signed tree, down to the export's own record.
    const proven = cli([
      'audit:verify-proof',
      files.get(`${csv}.proofs.json`)!,
      '--public-key',
      files.get('audit-public.pem')!,
    ]);
    expect(proven).toMatch(/Record audit \d+ \(export\)/);
    // The export is in the trail now: the audit chain has a record more, and still verifies.
    await page.getByRole('button', { name: 'Verify again' }).click();
    const exports = page.getByRole('row', { name: /^Exports/ });
    await expect(exports.getByRole('cell').first()).toHaveText(/^[1-9]/);
    await expect(page.getByText('The audit trail verifies')).toBeVisible();
  });
});
