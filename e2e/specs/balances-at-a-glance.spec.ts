import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, signIn, test } from '../fixtures';
import { parseCsv } from '../pages/csv';

interface Balance {
  asset: string;
  available: string;
  trading: string;
}

/** A decimal as an integer of 30 decimal places: exact, so the spec checks sums and order exactly. */
const scaled = (v: string) => {
  const [whole, fraction = ''] = v.split('.');
  return BigInt(`${whole}${fraction.padEnd(30, '0')}`);
};

/** The exact sum of decimals, trailing zeros trimmed, as text. */
function sum(values: string[]): string {
  const total = values
    .reduce((acc, v) => acc + scaled(v), 0n)
    .toString()
    .padStart(31, '0');
  return `${total.slice(0, -30)}.${total.slice(-30)}`.replace(/0+$/, '').replace(/\.$/, '');
}

/** Every profile's balances as the service answers them, read through the BFF as the page does. */
async function balancesByProfile(page: Page) {
  const profiles = (
    (await (await page.request.get('/api/svc/v2/profiles?limit=1000')).json()) as {
      data: { items: { id: string; nickname: string }[] };
    }
  ).data.items;
  return Promise.all(
    profiles.map(async (p) => ({
      ...p,
      items: (
        (await (await page.request.get(`/api/svc/v2/profiles/${p.id}/balances`)).json()) as {
          data: { items: Balance[] };
        }
      ).data.items,
    })),
  );
}

/** The exact amount an Amount carries, trailing zeros of its fraction trimmed. */
const exact = (text: string | null) =>
  (text ?? '').includes('.') ? (text ?? '').replace(/0+$/, '').replace(/\.$/, '') : (text ?? '');

test.describe('Balances at a glance', () => {
  test('every profile’s balance per asset, the exact totals, sorted and filtered, and their CSV', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'vera', '/profiles');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Profiles and balances' }),
    ).toBeVisible();
    const all = await balancesByProfile(page);

    // The total of each asset is the exact sum of every profile's available and held.
    const totals = page.getByRole('table', { name: 'Totals per asset' });
    const usd = all.flatMap((p) => p.items.filter((b) => b.asset === 'USD'));
    const usdRow = totals.getByRole('row').filter({ has: page.getByText('USD', { exact: true }) });
    await expect(usdRow).toBeVisible();
    expect(
      exact(
        await usdRow.getByRole('cell').nth(1).locator('[data-exact]').getAttribute('data-exact'),
      ),
    ).toBe(sum(usd.flatMap((b) => [b.available, b.trading])));
    // One total in USD at the shared prices, and how old they are (issue 60, item 8).
    await expect(page.getByTestId('usd-total')).toContainText(
      /^Total in USD: [\d,]+\.\d\d USD, at prices (just now|\d+ (s|min) old)/,
    );

    // Only BTC, largest total first: the profile holding the most BTC leads.
    const filters = page.getByRole('search', { name: 'Filter balances' });
    await filters.getByRole('combobox', { name: 'Asset', exact: true }).click();
    await page.getByRole('option', { name: 'BTC', exact: true }).click();
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Asset, largest total first' }).click();
    const holders = all
      .map((p) => ({ name: p.nickname, btc: p.items.find((b) => b.asset === 'BTC') }))
      .filter((p) => p.btc)
      .sort((a, b) => {
        const x = scaled(sum([a.btc!.available, a.btc!.trading]));
        const y = scaled(sum([b.btc!.available, b.btc!.trading]));
        // Equal totals (Treasury and Trading hold alike) go by name.
        return x > y ? -1 : x < y ? 1 : a.name.localeCompare(b.name);
      });
    const rows = page
      .getByRole('table', { name: 'Balances by profile' })
      .getByRole('rowgroup')
      .last()
      .getByRole('row');
    // Zero balances are folded away until asked for.
    const held = holders.filter((p) => scaled(sum([p.btc!.available, p.btc!.trading])) > 0n);
    await expect(rows).toHaveCount(held.length);
    await expect(rows.first()).toContainText(holders[0]!.name);
    await expectAccessible(page, 'balances at a glance');
    await screenshot(page, 'balances-at-a-glance');

    // The CSV holds what the filters show, flat, amounts exact.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^balances-.*\.csv$/);
    const [header, ...lines] = parseCsv(await readFile(await file.path(), 'utf8'));
    expect(header).toEqual([
      'profile_id',
      'profile',
      'asset',
      'available',
      'held_by_orders',
      'total',
    ]);
    expect(lines.map((l) => l[2])).toEqual(holders.map(() => 'BTC'));
    expect(lines[0]![1]).toBe(holders[0]!.name);

    // On a phone: cards, nothing off-screen sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Balances by profile' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    // A balance nothing holds says its total once, not again as available beside a zero held.
    const free = held.find((p) => scaled(p.btc!.trading) === 0n);
    expect(free, 'a profile holds BTC no order holds').toBeDefined();
    const freeCard = cards
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: free!.name, exact: true }) });
    await expect(freeCard).toContainText(/[\d,.]+/);
    await expect(freeCard).not.toContainText('Held by open orders');
    await expect(freeCard).not.toContainText('Available');
    await expectAccessible(page, 'balances at phone width');

    // One that open orders hold says what they hold and what is left available.
    const heldByOrders = all.flatMap((p) =>
      p.items.filter((b) => scaled(b.trading) > 0n).map((b) => ({ id: p.id, asset: b.asset })),
    )[0];
    expect(heldByOrders, 'the demo has a balance held by an open order').toBeDefined();
    await page.goto(`/profiles?profile=${heldByOrders!.id}&asset=${heldByOrders!.asset}`);
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards.getByRole('listitem')).toContainText('Held by open orders');
    await expect(cards.getByRole('listitem')).toContainText('Available');
  });
});
