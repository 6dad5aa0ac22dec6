import { readFile } from 'node:fs/promises';
import { DEMO_IDS, type JournalEntry } from '@console/schemas';
import { docsScreenshot, expect, screenshot, signIn, test } from '../fixtures';
import { parseCsv } from '../pages/csv';
import { JournalPage } from '../pages/journal-page';
import { ResultCard } from '../pages/result-card';
import { sendInternalTransfer } from '../pages/tasks';

test.describe('Journal', () => {
  let journal: JournalPage;
  let succeeded: string;
  let rejected: string;

  // Two sends to look for: one the service accepted, one it refused.
  test.beforeAll(async ({ browser }, testInfo) => {
    const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
    await signIn(page, 'frank');
    succeeded = await sendInternalTransfer(page, '7.77');
    rejected = await sendInternalTransfer(page, '99.99', DEMO_IDS.profiles.empty);
    await page.close();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'frank');
    journal = new JournalPage(page);
  });

  test('lists every send with operator, operation, ref_id, state and outcome', async ({ page }) => {
    await journal.goto();
    const ok = journal.rowFor(succeeded);
    await expect(ok).toContainText('Create internal transfer');
    await expect(ok).toContainText('Frank Finance');
    // One status in words, the amount and its asset in their own columns.
    await expect(ok.getByRole('cell').nth(2)).toContainText('Succeeded');
    await expect(ok.getByRole('cell').nth(3)).toHaveText('7.77');
    await expect(ok.getByRole('cell').nth(4)).toHaveText('USD');
    // No HTTP code in the outcome (the row's ids are random and may hold any digits).
    await expect(ok.getByRole('cell').nth(2)).not.toContainText('200');
    const refused = journal.rowFor(rejected);
    await expect(refused).toContainText('Rejected');
    await expect(refused).toContainText(/insufficient funds/i);
    await expect(refused.getByRole('cell').nth(2)).not.toContainText('403');
    await screenshot(page, 'journal');
    await docsScreenshot(page, 'journal');
  });

  test('filters by state, operator and reference id', async ({ page }) => {
    await journal.goto();
    await journal.chooseFilter('State', 'Rejected');
    await journal.typeFilter('Operator', 'frank');
    await journal.apply();
    await expect(page).toHaveURL(/state=REJECTED/);
    await expect(journal.rowFor(rejected)).toBeVisible();
    await expect(journal.rowFor(succeeded)).toHaveCount(0);
    for (const state of await journal
      .rows()
      .getByText(/^(Succeeded|Rejected|Outcome unknown)$/)
      .allInnerTexts()) {
      expect(state).toBe('Rejected');
    }

    await journal.clear();
    await journal.typeFilter('Reference id', succeeded);
    await journal.apply();
    await expect(journal.rows()).toHaveCount(1);
    await expect(journal.rowFor(succeeded)).toBeVisible();
    await screenshot(page, 'journal-filtered');

    await journal.clear();
    await journal.typeFilter('Operator', 'vera');
    await journal.apply();
    await expect(page.getByText('No entries match these filters')).toBeVisible();
  });

  test('an entry’s detail page shows the exact bytes sent and the answer', async ({ page }) => {
    await journal.goto(`?ref_id=${succeeded}`);
    await journal.open(succeeded);
    await expect(page).toHaveURL(/\/journal\/[^/?]+$/);
    const main = page.getByRole('main');
    await expect(main).toContainText(succeeded);
    await expect(main).toContainText('"amount":"7.77"');
    const answer = new ResultCard(page, "The service's answer");
    await expect(answer.value('Amount')).toHaveText('7.77USD');
    await screenshot(page, 'journal-detail');

    await main.getByRole('link', { name: 'Clone as new' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create internal transfer' }),
    ).toBeVisible();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('7.77');
    await expect(page.getByLabel('Reference id', { exact: true })).not.toHaveValue(succeeded);
  });

  test('exports the journal as CSV: a header and one row per entry', async ({ page }) => {
    await journal.goto();
    const download = await journal.exportCsv();
    expect(download.suggestedFilename()).toMatch(/^journal-.*\.csv$/);
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    const [header, ...entries] = rows;
    // Flat columns first, in the order operators asked for, the raw JSON last.
    expect(header!.slice(0, 10)).toEqual([
      'operation',
      'state',
      'operator',
      'time',
      'ref_id',
      'amount',
      'asset',
      'profile',
      'service_status',
      'record_id',
    ]);
    expect(header!.at(-1)).toBe('response');
    const col = (name: string) => header!.indexOf(name);

    // Every entry the BFF holds, page by page, exactly once in the file.
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await page.request.get(`/api/journal${cursor ? `?cursor=${cursor}` : ''}`);
      const body = (await response.json()) as {
        items: JournalEntry[];
        next_cursor?: string | null;
      };
      ids.push(...body.items.map((e) => e.id));
      cursor = body.next_cursor ?? undefined;
    } while (cursor);
    expect(entries.map((row) => row[col('id')]).sort()).toEqual([...ids].sort());
    for (const row of entries) expect(row).toHaveLength(header!.length);

    const mine = entries.find((row) => row[col('ref_id')] === succeeded);
    expect(mine?.[col('state')]).toBe('SUCCEEDED');
    expect(mine?.[col('operation')]).toBe('createInternalTransfer');
    expect(mine?.[col('operator')]).toBe('frank');
    expect(mine?.[col('amount')]).toBe('7.77');
    expect(mine?.[col('asset')]).toBe('USD');
    expect(mine?.[col('profile')]).toBe(DEMO_IDS.profiles.treasury);
    expect(mine?.[col('service_status')]).toBe('PENDING');
    expect(mine?.[col('record_id')]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a filtered export holds only the matching entries', async () => {
    await journal.goto(`?ref_id=${rejected}`);
    await expect(journal.rows()).toHaveCount(1);
    const download = await journal.exportCsv();
    const [header, ...entries] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.[header!.indexOf('ref_id')]).toBe(rejected);
    expect(entries[0]?.[header!.indexOf('state')]).toBe('REJECTED');
  });
});
