import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { expect, test } from '../fixtures';
import { SignInPage } from '../pages/sign-in-page';

/*
 * The check every spec relies on, held to failing where it must: a page it passes today with a
 * fault added in one scheme alone. The full rule set runs in the light scheme and the colour
 * rules in the dark (accessibility.ts); each must see its own kind of fault.
 */
/** What the check says of the page as it stands; undefined when it passes. */
function failureOf(page: Page, state: string): Promise<string | undefined> {
  return expectAccessible(page, state).then(
    () => undefined,
    (error: Error) => error.message,
  );
}

test.describe('The accessibility check', () => {
  test.beforeEach(async ({ page }) => {
    const signInPage = new SignInPage(page);
    await signInPage.goto();
    await expect(signInPage.submit()).toBeVisible();
  });

  test('fails on a field without a label', async ({ page }) => {
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'text';
      document.querySelector('main')!.append(input);
    });
    const failure = await failureOf(page, 'an unlabelled field');
    expect(failure).toContain('"label"');
    expect(failure).toContain('"light"');
  });

  test('fails on text too faint in the dark scheme only', async ({ page }) => {
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent =
        '[data-mantine-color-scheme="dark"] #faint { color: #303030; background: #262626; }';
      const text = document.createElement('p');
      text.id = 'faint';
      text.textContent = 'Hard to read at night';
      document.head.append(style);
      document.querySelector('main')!.append(text);
    });
    const failure = await failureOf(page, 'faint text at night');
    expect(failure).toContain('"color-contrast"');
    expect(failure).toContain('"dark"');
    expect(failure).not.toContain('"light"');
  });
});
