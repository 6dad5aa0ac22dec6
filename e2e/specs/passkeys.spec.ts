import { expectAccessible } from '../accessibility';
import { currentConsole } from '../consoles';
import { expect, signIn, test } from '../fixtures';
import { addVirtualAuthenticator, onLocalhost } from '../passkeys';

/*
 * Issue 61: an operator's passkeys, with a virtual authenticator in Chromium (the DevTools WebAuthn
 * domain). Approving with one, and the proof on the approval page, are in demo-four-eyes.spec.ts:
 * the built-in policy the demo runs asks for it, the e2e console's policy file does not.
 */
test.describe('Passkeys', () => {
  test('an operator registers a passkey, renames it and revokes it, by keyboard', async ({
    browser,
  }) => {
    // WebAuthn takes no IP address as its RP ID: the console is opened at localhost.
    const context = await browser.newContext({ baseURL: onLocalhost(currentConsole().url) });
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    await signIn(page, 'fiona', '/passkeys');
    await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();

    await page.getByLabel('Name of the new passkey').fill('Laptop');
    await page.getByLabel('Name of the new passkey').press('Enter');
    const table = page.getByRole('table', { name: 'Your passkeys' });
    const row = table.getByRole('row').filter({ hasText: 'Laptop' });
    await expect(row).toContainText('Cooling off');
    await expect(row).toContainText('Never');
    await expectAccessible(page, 'the passkeys page');

    await row.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename the passkey' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectAccessible(page, 'the rename dialog');
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByLabel('Name').press('Enter');
    await expect(dialog).toBeHidden();
    const renamed = table.getByRole('row').filter({ hasText: 'Work laptop' });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: 'Revoke Work laptop' }).click();
    await expect(renamed).toContainText('Revoked');
    await context.close();
  });
});
