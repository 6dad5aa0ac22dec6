import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, secondOperator, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { treasury, payouts } = DEMO_IDS.profiles;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT = DAYS.map((d) => d.slice(0, 3));

/** An instant as the schedule pages write it in UTC: "Tue 2026-12-08 09:30 UTC". */
const inUtc = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return `${SHORT[new Date(ms).getUTCDay()]} ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
};

test.describe('Schedules', () => {
  test('a weekly transfer is scheduled by one operator, approved by another, and sent when the sandbox clock reaches it', async ({
    page,
    browser,
  }) => {
    test.slow();
    // The scheduler keeps the embedded sandbox's time, which earlier specs of this worker may
    // have moved: the first occurrence is a few minutes after the sandbox's now, in UTC.
    const sandboxNow = Date.parse((await sandbox.state()).now as string);
    const first = Math.ceil((sandboxNow + 3 * 60_000) / 60_000) * 60_000;
    const second = first + 7 * 86_400_000;
    const day = DAYS[new Date(first).getUTCDay()]!;
    const units = 10 + (Date.now() % 90);
    const amount = `${units}.25`;

    await signIn(page, 'fiona', '/schedules');
    await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeFocused();
    await expectAccessible(page, 'schedules');
    await page.getByRole('link', { name: 'New schedule' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New schedule' })).toBeFocused();

    const form = new OperationForm(page, 'Schedule: Create internal transfer');
    await form.fill({
      'From profile': treasury,
      'To profile': payouts,
      Asset: 'USD',
      Amount: amount,
    });
    // A weekday is a chip: its label is what a person clicks.
    await form.form
      .getByRole('group', { name: 'On these days' })
      .getByText(day, { exact: true })
      .click();
    await expect(form.form.getByRole('checkbox', { name: day, exact: true })).toBeChecked();
    const time = form.form.getByRole('textbox', { name: 'Time', exact: true });
    await time.fill(new Date(first).toISOString().slice(11, 16));
    await time.blur();
    const zone = form.form.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('UTC');
    await page.getByRole('option', { name: 'UTC', exact: true }).click();
    const start = form.form.getByRole('textbox', { name: 'Start date' });
    await start.fill(new Date(first).toISOString().slice(0, 10));
    await start.blur();
    await expect(start).toHaveValue(new Date(first).toISOString().slice(0, 10));
    await form.form.getByRole('radio', { name: 'After a number of occurrences' }).check();
    const count = form.form.getByRole('textbox', { name: 'Occurrences' });
    await count.fill('3');
    await count.blur();

    // Before review, the next occurrences in words and dates: the ones the scheduler will send.
    await expect(form.form).toContainText(
      `Every week on ${day} at ${new Date(first).toISOString().slice(11, 16)} (UTC), from ${new Date(first).toISOString().slice(0, 10)}, 3 times`,
    );
    const next = form.form.getByRole('list', { name: 'Next occurrences' });
    await expect(next.getByRole('listitem')).toHaveCount(3);
    await expect(next.getByRole('listitem').first()).toContainText(inUtc(first));
    await expect(next.getByRole('listitem').nth(1)).toContainText(inUtc(second));
    await expectAccessible(page, 'new schedule with its next occurrences');

    await form.form.getByRole('button', { name: 'Review the schedule' }).click();
    const review = page.getByRole('dialog', { name: /Review: schedule/ });
    const sums = review.getByRole('table', { name: 'What the approval is given to' });
    await expect(sums).toContainText(`Amount per occurrence${amount} USD`);
    await expect(sums).toContainText('3 occurrences');
    await expect(sums).toContainText(`Total${3 * units}.75 USD`);
    await expect(review.getByRole('list', { name: 'Approvals needed' })).toContainText('0 of 1');
    await expectAccessible(page, 'schedule review');
    await review.getByRole('button', { name: 'Schedule it' }).click();

    const heading = page.getByRole('heading', {
      level: 1,
      name: 'Schedule: Create internal transfer',
    });
    await expect(heading).toBeFocused();
    await expect(page.getByText('Another operator approves this version')).toBeVisible();
    await expect(page.getByRole('button', { name: /Approve version/ })).toHaveCount(0);
    await expectAccessible(page, 'schedule awaiting approval');
    const seriesUrl = page.url();

    // Frank, another finance operator, approves the version he read.
    const frank = await secondOperator(browser, 'frank');
    await frank.goto(seriesUrl);
    await frank.getByRole('button', { name: 'Approve version 1' }).click();
    const approve = frank.getByRole('dialog', { name: 'Approve this version?' });
    await expect(approve).toContainText('3 occurrences');
    await expectAccessible(frank, 'schedule approval dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(frank.getByRole('heading', { name: 'Version 1: In force' })).toBeVisible();
    await frank.context().close();

    // The sandbox's clock moves past the first occurrence: the scheduler wakes and sends it.
    await sandbox.advance(first - sandboxNow + 30_000);
    await page.reload();
    const history = page.getByRole('table', { name: 'Occurrences decided' });
    const entry = history.getByRole('link', { name: 'Entry of occurrence 1' });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(history.getByRole('row').nth(1)).toContainText('Sent');
    await expect(history.getByRole('row').nth(1)).toContainText(inUtc(first));
    await expectAccessible(page, 'schedule with an occurrence sent');
    const sent = (await sandbox.state()).transfers.filter(
      (t) => t.amount === amount && t.direction === 'DEBIT',
    );
    expect(sent).toHaveLength(1);

    await entry.click();
    await expect(page).toHaveURL(/\/journal\/[^/]+$/);
    await expect(page.getByText(sent[0]!.ref_id!).first()).toBeVisible();

    // The upcoming page lists the next occurrence, a week later, and not the one sent.
    await page.goto('/schedules');
    const upcoming = page.getByRole('table', { name: /Upcoming occurrences/ });
    await expect(upcoming).toContainText(inUtc(second));
    await expect(upcoming).not.toContainText(inUtc(first));
    await expectAccessible(page, 'schedules with the next occurrence');
  });
});
