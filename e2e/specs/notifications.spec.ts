import { DEMO_IDS } from '@console/schemas';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import type { ChatPost } from '../chat-receiver';
import { currentConsole } from '../consoles';
import { expect, operator, screenshot, secondOperator, signIn, test } from '../fixtures';

const { treasury, payouts } = DEMO_IDS.profiles;

/** The console's chat room (global-setup.ts): what it posted there, and how it answers. */
const chat = {
  async posts(): Promise<ChatPost[]> {
    return (await (await fetch(`${currentConsole().chatUrl}/posts`)).json()) as ChatPost[];
  },
  async setMode(mode: 'accept' | 'fail'): Promise<void> {
    await fetch(`${currentConsole().chatUrl}/mode`, {
      method: 'POST',
      body: JSON.stringify({ mode }),
    });
  },
  /** The post about one request, once it has come. */
  async about(journalId: string): Promise<ChatPost> {
    let found: ChatPost | undefined;
    await expect
      .poll(async () => {
        found = (await chat.posts()).find((p) => p.text.includes(`/approvals/${journalId}`));
        return found !== undefined;
      })
      .toBe(true);
    return found!;
  },
};

/** Fiona asks for an internal transfer above the e2e policy's limit: it waits for approval. */
async function heldTransfer(page: Page, amount: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/operations/createInternalTransfer', {
    headers: { 'X-CSRF': '1', Origin: origin },
    data: { from_profile_id: treasury, to_profile_id: payouts, asset: 'USD', amount },
  });
  expect(res.status()).toBe(202);
  return ((await res.json()) as { journal: { id: string } }).journal.id;
}

test.describe('Notifications', () => {
  test('the chat tells the approvers, and its link opens the request after signing in', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'fiona');
    const id = await heldTransfer(page, '3100.00');
    const post = await chat.about(id);
    expect(post.kind).toBe('held');
    expect(post.text).toContain(
      'Amount: 3,100.00 USD (three thousand one hundred point zero zero USD)',
    );
    // Every operator who may approve it, never its maker.
    const names = /^For: (.*)$/m.exec(post.text)![1]!.split(', ').sort();
    expect(names).toEqual(['Ada Admin', 'Frank Finance']);
    const link = /Open it in the console \(sign-in required\): (\S+)/.exec(post.text)![1]!;
    const hash = /SHA-256 begins: ([0-9a-f]{12})/.exec(post.text)![1]!;

    // A browser with no session: the link asks for a sign-in, then opens that request.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(link);
    await expect(fresh).toHaveURL(/\/sign-in\?next=/);
    const frank = operator('frank');
    await fresh.getByLabel('Username').fill(frank.username);
    await fresh.getByLabel('Password', { exact: true }).fill(frank.password);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await expect(fresh).toHaveURL(new RegExp(`/approvals/${id}$`));
    await expect(fresh.getByText(hash, { exact: false })).toBeVisible();
    await context.close();
  });

  test('an approver turns the chat off for held requests; the next post does not name them', async ({
    page,
    browser,
  }) => {
    const frank = await secondOperator(browser, 'frank');
    await frank.getByRole('button', { name: /Operator menu/ }).click();
    await frank.getByRole('menuitem', { name: 'Notifications' }).click();
    await expect(frank.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expectAccessible(frank, 'notification preferences');
    await screenshot(frank, 'notification-preferences');
    const held = frank.getByRole('checkbox', { name: 'A request waits for my approval: by chat' });
    await held.uncheck();
    await frank.getByRole('button', { name: 'Save' }).click();
    await expect(frank.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await frank.reload();
    await expect(held).not.toBeChecked();

    await signIn(page, 'fiona');
    const post = await chat.about(await heldTransfer(page, '3200.00'));
    expect(post.text).toMatch(/For: Ada Admin$/m);

    await held.check();
    await frank.getByRole('button', { name: 'Save' }).click();
    await expect(frank.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  });

  test('a refused post ends a dead letter, which an admin retries from the delivery page', async ({
    page,
    browser,
  }) => {
    await chat.setMode('fail');
    try {
      await signIn(page, 'fiona');
      const id = await heldTransfer(page, '3300.00');
      const ada = await secondOperator(browser, 'ada');
      await ada.goto('/notifications/delivery');
      const dead = ada.getByRole('table', { name: 'Dead letters' });
      const row = dead.getByRole('row').filter({ hasText: '3,300.00 USD' });
      await expect(async () => {
        await ada.reload();
        await expect(row).toHaveCount(1, { timeout: 1_000 });
      }).toPass();
      await expect(row).toContainText('503');
      await expectAccessible(ada, 'notification delivery');
      await screenshot(ada, 'notification-delivery');

      await chat.setMode('accept');
      await row.getByRole('button', { name: /^Retry:/ }).click();
      await expect(row).toHaveCount(0);
      const post = await chat.about(id);
      expect(post.kind).toBe('held');
    } finally {
      await chat.setMode('accept');
    }
  });
});
