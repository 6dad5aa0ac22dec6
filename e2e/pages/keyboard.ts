import { expect, type Page } from '@playwright/test';

/**
 * In the page: the focused element's name (`find` absent), or whether an element that takes focus
 * by Tab and is shown is called `find`. One function, so both read a name the same way: its
 * aria-label, its label, or its text.
 */
function inPage(find?: { source: string; flags: string }): string | boolean {
  const nameOf = (el: HTMLElement): string => {
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled.trim();
    const byId = el.getAttribute('aria-labelledby');
    if (byId) return (document.getElementById(byId)?.textContent ?? '').trim();
    const input = el as HTMLInputElement;
    if (input.labels?.[0]) return (input.labels[0].textContent ?? '').replace(/\s*\*$/, '').trim();
    return (el.textContent ?? '').trim();
  };
  if (!find) {
    const el = document.activeElement as HTMLElement | null;
    return !el || el === document.body ? '' : nameOf(el);
  }
  const pattern = new RegExp(find.source, find.flags);
  const tabbable = document.querySelectorAll<HTMLElement>(
    'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
  );
  return Array.from(tabbable).some(
    (el) => el.tabIndex >= 0 && el.checkVisibility() && pattern.test(nameOf(el)),
  );
}

/** What the focused element is called: its aria-label, its label, or its text. */
export async function focusedName(page: Page): Promise<string> {
  return (await page.evaluate(inPage, undefined)) as string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Presses Tab (never the mouse) until the focused element is called `name`; fails after `max`
 * presses. What a keyboard-only operator does to reach a control, once they see it: the presses
 * start when the page shows it, not while the page is still drawing what they would pass through.
 */
export async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  const pattern = typeof name === 'string' ? new RegExp(`^${escaped(name)}$`) : name;
  await page.waitForFunction(inPage, { source: pattern.source, flags: pattern.flags });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (pattern.test(await focusedName(page))) return;
  }
  expect(await focusedName(page), `Tab never reached ${String(name)}`).toMatch(name);
}
