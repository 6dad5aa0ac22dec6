import { randomUUID } from 'node:crypto';
import { DEMO_IDS, type JournalPage as JournalAnswer } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { FindBox } from '../pages/find-box';
import { sendInternalTransfer } from '../pages/tasks';

const { trading, marketMaking } = DEMO_IDS.profiles;

/** Places a resting order through the BFF's API (journaled like any send): the seed. */
async function restingOrder(page: Page): Promise<{ id: string; refId: string }> {
  const refId = randomUUID();
  const response = await page.request.post('/api/operations/createOrder', {
    headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
    data: {
      profile_id: trading,
      market: 'ETHUSD',
      side: 'BUY',
      type: 'LIMIT',
      base_amount: '0.01',
      price: '100.00',
      ref_id: refId,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { id: ((await response.json()) as { data: { id: string } }).data.id, refId };
}

test.describe('Find anything by pasting it', () => {
  test('an order from its id alone, from its reference id, a journal entry, a nickname, a hash and an address', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'frank');
    const find = new FindBox(page);
    const order = await restingOrder(page);
    const orderPage = `/orders/${trading}/${order.id}`;

    // The order's id alone: its profile is found, its page opens.
    await find.find(order.id);
    await expect(page).toHaveURL(orderPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Order' })).toBeVisible();
    await expect(page.locator('#main')).toBeFocused();

    // Its reference id names the order and its journal entry: the record opens.
    await find.find(order.refId);
    await expect(page).toHaveURL(orderPage);

    // The journal entry's id opens the entry.
    const entries = (await (
      await page.request.get(`/api/journal?ref_id=${order.refId}`)
    ).json()) as JournalAnswer;
    await find.find(entries.items[0]!.id);
    await expect(page).toHaveURL(`/journal/${entries.items[0]!.id}`);

    // A nickname's start: the one profile it names.
    await find.find('Market');
    await expect(page).toHaveURL(`/profiles/${marketMaking}`);

    // An internal transfer's reference id: the sender's leg, whose page shows both sides.
    const refId = await sendInternalTransfer(page, '4.44');
    await find.find(refId);
    await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: 'As the service holds it now' })).toContainText(
      refId,
    );

    // Several records by one name: the operator chooses.
    await find.find('Tr');
    await expect(page.getByRole('heading', { level: 1, name: '2 records match' })).toBeFocused();
    const profiles = find.results().getByRole('listitem');
    await expect(profiles).toHaveCount(2);
    await expect(find.results()).toContainText('Treasury');
    await expectAccessible(page, 'find: several records');
    await screenshot(page, 'find-several');
    await profiles.getByRole('link', { name: /^Trading/ }).click();
    await expect(page).toHaveURL(`/profiles/${trading}`);

    // A crypto deposit's transaction hash, and the address it came to.
    const address = (await sandbox.state()).deposit_addresses[0]!.address;
    const rule = (
      (await sandbox.state()).rules as {
        status: string;
        source?: { crypto?: { address?: string } };
      }[]
    ).find((r) => r.status === 'ACTIVE' && r.source?.crypto?.address);
    await sandbox.deposit({
      asset: 'USDP',
      amount: '12.000000',
      address: rule!.source!.crypto!.address!,
      crypto_network: 'ETHEREUM',
    });
    const deposit = ((await sandbox.state()).transfers as { id: string; crypto_tx_hash?: string }[])
      .filter((t) => t.crypto_tx_hash)
      .at(-1)!;
    await find.find(deposit.crypto_tx_hash!);
    await expect(page).toHaveURL(`/transfers/${deposit.id}`);
    await find.find(address);
    await expect(page).toHaveURL(/\/deposit-addresses\?profile=/);
    await expect(page.getByRole('table', { name: 'Deposit addresses' })).toContainText(address);

    // Nothing by that name: said plainly.
    await find.find('no-such-reference-42');
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing found' })).toBeFocused();
    await expect(page.getByRole('main')).toContainText('Nothing the console can see is named');
  });

  test('on a phone the search is a page of its own, reached from the header', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'vera');
    await new FindBox(page).find(DEMO_IDS.orders.open);
    await expect(page).toHaveURL(`/orders/${marketMaking}/${DEMO_IDS.orders.open}`);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).resolves.toBe(false);
    await page.goto('/find');
    await expectAccessible(page, 'find page at phone width');
  });
});
