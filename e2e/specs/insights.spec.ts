import { DEMO_IDS, formatAmountIn, type MoneyMoved } from '@console/schemas';
import Big from 'big.js';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { docsScreenshot, expect, signIn, test } from '../fixtures';
import { sendInternalTransfer } from '../pages/tasks';

/** Today's figures of internal transfers in USD, as the BFF answers them. */
async function todaysUsdTransfers(page: Page) {
  const today = new Date().toISOString().slice(0, 10);
  const res = await page.request.get(`/api/insights/money-moved?from=${today}&to=${today}`);
  expect(res.status()).toBe(200);
  const moved = (await res.json()) as MoneyMoved;
  const row = moved.days.find((d) => d.operation === 'createInternalTransfer' && d.asset === 'USD');
  return { amount: new Big(row?.amount ?? '0'), sends: row?.sends ?? 0 };
}

test.describe('Insights', () => {
  test('counts what the service accepted, in the chart’s table twin, accessible in both schemes', async ({
    page,
  }) => {
    await signIn(page, 'frank');
    const before = await todaysUsdTransfers(page);
    // Two the service accepts, one it refuses (Empty holds 1 USD): 13.00 USD moved by two sends.
    await sendInternalTransfer(page, '12.34');
    await sendInternalTransfer(page, '0.66');
    await sendInternalTransfer(page, '99.99', DEMO_IDS.profiles.empty);
    const after = await todaysUsdTransfers(page);
    expect(after.amount.minus(before.amount).toFixed(2)).toBe('13.00');
    expect(after.sends - before.sends).toBe(2);

    await page.goto('/insights');
    await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
    const chart = page.getByRole('region', { name: 'Money moved per day (USD)' });
    const summary = /USD moved in 7 days by \d+ sends?, most on/;
    await expect(chart.getByText(summary)).toBeVisible();
    // The picture is named by its title and the sentence that sums it up.
    await expect(chart.getByRole('img', { name: summary }).first()).toBeVisible();
    // Today, the last day of the axis, has a bar drawn.
    await expect(chart.locator('path.recharts-rectangle').last()).toBeVisible();
    await expectAccessible(page, 'insights chart');

    await chart.getByRole('button', { name: 'Show as table' }).click();
    const table = chart.getByRole('table', { name: /Money moved per UTC day/ });
    const today = new Date().toISOString().slice(0, 10);
    const moved = `${formatAmountIn(after.amount.toFixed(), 'USD', 'en-US')} USD`;
    // Today's USD row: specs before this one in the worker's console may have sent other assets.
    const row = table
      .getByRole('row')
      .filter({ hasText: today })
      .filter({ hasText: 'Create internal transfer' })
      .filter({ has: page.getByRole('cell', { name: moved, exact: true }) });
    await expect(row.getByRole('cell').nth(2)).toHaveText(moved);
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(after.sends));
    await expectAccessible(page, 'insights table');

    // Looked at by people: 1366 and 390 px wide, light and dark (E2E_SCREENSHOTS=1).
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await page.mouse.move(0, 0);
    for (const [width, name] of [
      [1366, 'insights-1366'],
      [390, 'insights-390'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await docsScreenshot(page, name);
    }
  });
});
