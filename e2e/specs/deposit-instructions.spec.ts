import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, signIn, test } from '../fixtures';
import { pageOf } from '../pages/routes';

const { deprecated } = DEMO_IDS.fiatDepositInstructions;

test.describe('Deposit instructions (issue 34)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a set opens from the list with its memo and wire details to copy for a payer', async ({
    page,
  }) => {
    await signIn(page, 'fiona', pageOf('listFiatDepositInstructions'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deposit instructions' }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: 'Deposit instructions' });
    await expect(table.getByRole('row').filter({ hasText: 'OMNI8W3R5T' })).toContainText(
      'Not for new payers',
    );
    await expectAccessible(page, 'deposit instructions list');

    await table
      .getByRole('link', { name: 'Open the deposit instructions with memo TRSY4Q7K2M' })
      .click();
    const needs = page.getByRole('table', { name: 'What the payer needs' });
    await expect(needs.getByRole('row').filter({ hasText: 'Memo to quote' })).toContainText(
      'TRSY4Q7K2M',
    );
    await expect(needs).toContainText('Account number');
    await expectAccessible(page, 'deposit instructions');
    await screenshot(page, 'deposit-instructions');

    await needs.getByRole('button', { name: 'Copy memo to quote' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('TRSY4Q7K2M');
    await page.getByRole('button', { name: 'Copy all for the payer' }).click();
    await expect(page.getByRole('button', { name: 'Copied for the payer' })).toBeVisible();
    const all = await page.evaluate(() => navigator.clipboard.readText());
    expect(all).toContain('Memo to quote: TRSY4Q7K2M');
    expect(all).toMatch(/Account number: \S+/);
  });

  test('a deprecated set says not to give it to a new payer', async ({ page }) => {
    await signIn(page, 'fiona', pageOf('getFiatDepositInstructions', { id: deprecated }));
    await expect(page.getByRole('note').filter({ hasText: 'Deprecated' })).toContainText(
      'must not be given to a new payer',
    );
  });

  test('a viewer sees the bank details masked', async ({ page }) => {
    await signIn(
      page,
      'vera',
      pageOf('getFiatDepositInstructions', { id: DEMO_IDS.depositInstructions }),
    );
    await expect(page.getByText('Your role sees the bank details masked')).toBeVisible();
    const needs = page.getByRole('table', { name: 'What the payer needs' });
    await expect(needs.getByRole('row').filter({ hasText: 'Account number' })).toContainText(
      '••••',
    );
  });
});
