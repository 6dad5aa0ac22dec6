import { expect, type Page } from '@playwright/test';

/** What the focused element is called: its aria-label, its label, or its text. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled.trim();
    const byId = el.getAttribute('aria-labelledby');
    if (byId) return (document.getElementById(byId)?.textContent ?? '').trim();
    const input = el as HTMLInputElement;
    if (input.labels?.[0]) return (input.labels[0].textContent ?? '').replace(/\s*\*$/, '').trim();
    return (el.textContent ?? '').trim();
  });
}

/**
 * Presses Tab (never the mouse) until the focused element is called `name`; fails after `max`
 * presses. What a keyboard-only operator does to reach a control.
 */
export async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (matches(await focusedName(page))) return;
  }
  expect(await focusedName(page), `Tab never reached ${String(name)}`).toMatch(name);
}
