import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules: what the console promises (issue 19). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export type ColorScheme = 'light' | 'dark';

/** Until every running animation and transition has ended: half-faded text fails contrast. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

async function setScheme(page: Page, scheme: ColorScheme): Promise<void> {
  // What Mantine's colour scheme manager does on a switch: every colour is a CSS variable keyed
  // on this attribute, so the page repaints in the other scheme without a reload. Components
  // with a colour transition (a segmented control's labels) fade into it: waited for.
  await page.evaluate((value) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', value);
  }, scheme);
  await settled(page);
}

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      count: v.nodes.length,
    }));
}

/**
 * Checks the page as it stands, in the light and the dark scheme: no serious or critical
 * violation of a WCAG 2.1 A or AA rule. One line per page state in a spec:
 *
 * @example
 * await expectAccessible(page, 'journal list');
 */
export async function expectAccessible(
  page: Page,
  state: string,
  schemes: readonly ColorScheme[] = ['light', 'dark'],
): Promise<void> {
  // Let entering transitions (modals, menus, toasts) finish.
  await settled(page);
  const before = await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  );
  const found: Record<string, unknown> = {};
  try {
    for (const scheme of schemes) {
      await setScheme(page, scheme);
      const list = await violations(page);
      if (list.length > 0) found[scheme] = list;
    }
  } finally {
    if (before) await setScheme(page, before as ColorScheme);
  }
  expect(found, `axe: serious or critical WCAG 2.1 AA violations on "${state}"`).toEqual({});
}
