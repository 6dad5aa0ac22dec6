import { expect, screenshot, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { JournalPage } from '../pages/journal-page';
import { SignInPage } from '../pages/sign-in-page';
import { sendInternalTransfer } from '../pages/tasks';

test.describe('Session', () => {
  test('a wrong password is refused without saying which part was wrong', async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();
    await screenshot(page, 'sign-in');
    await signInPage.username().fill('fiona');
    await signInPage.password().fill('not-her-password');
    await signInPage.submit().click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toBeVisible();
    const words = await refusal.innerText();
    await signInPage.username().fill('nobody-by-this-name');
    await signInPage.submit().click();
    await expect(refusal).toHaveText(words);
    await screenshot(page, 'sign-in-refused');
  });

  test('a private page asks for sign-in, then returns there', async ({ page }) => {
    await page.goto('/journal?state=SUCCEEDED');
    await expect(page).toHaveURL(/\/sign-in/);
    await new SignInPage(page).signInAs('vera');
    await expect(page).toHaveURL(/\/journal\?state=SUCCEEDED$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  });

  test('after sign-out, the back button shows nothing private', async ({ page }) => {
    await signIn(page, 'fiona');
    const refId = await sendInternalTransfer(page, '1.11');
    const journal = new JournalPage(page);
    await journal.goto();
    await expect(journal.rowFor(refId)).toBeVisible();

    await new AppShell(page).signOut();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(refId)).toHaveCount(0);
    await expect(page.getByText('Fiona Finance')).toHaveCount(0);
    await expect(journal.table).toHaveCount(0);

    // The server ended the session too: the API refuses the old cookie.
    const response = await page.request.get('/api/journal');
    expect(response.status()).toBe(401);
  });
});
