import { expectAccessible } from '../accessibility';
import { expect, sandbox, signIn, test } from '../fixtures';
import { ResultCard } from '../pages/result-card';
import { sendInternalTransfer } from '../pages/tasks';

test.describe('Transfers', () => {
  test('a transfer settles while the operator watches, with both sides of the pair', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    await sendInternalTransfer(page, '12.34');
    await new ResultCard(page).root.getByRole('link', { name: 'Open the record' }).click();
    await expect(page).toHaveURL(/\/transfers\/[^/]+$/);
    const now = page.getByRole('region', { name: 'As the service holds it now' });
    await expect(now).toContainText('12.34');
    await expect(page.getByRole('table', { name: 'Pair' }).getByRole('row')).toHaveCount(3);

    await sandbox.advance(10_000);
    await expect(now.getByText('COMPLETED', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/follows the record/)).toHaveCount(0);
    await expectAccessible(page, 'transfer with its pair');

    await page.getByRole('link', { name: 'Back to transfers' }).click();
    const list = page.getByRole('table', { name: 'Transfers' });
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'transfers list');
  });
});
