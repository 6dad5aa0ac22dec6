import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { RunOptions } from 'axe-core';
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

/**
 * The rules whose outcome depends on colour. A scheme changes only the CSS variables colours are
 * keyed on (setScheme), never the document: names, roles, labels, landmarks and order are the
 * same in both, so every other rule would only repeat its verdict, at the cost of a second full
 * run on each page state.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's browser build, injected into each document the checks run in. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core in the page itself. Not through `@axe-core/playwright`: its builder injects axe
 * into every frame and finishes each run in a new blank page, 1.5 s of a 2.3 s check here (ADR
 * 031). The console draws no frames; a page that had one would be checked only in part, so
 * that is refused rather than passed.
 */
async function violations(page: Page, rules: 'all' | 'colour') {
  const frames = page.frames().length;
  if (frames > 1) throw new Error(`the page has ${frames - 1} frames, which this check cannot see`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly:
      rules === 'all'
        ? { type: 'tag', values: WCAG_21_AA }
        : { type: 'rule', values: COLOUR_RULES },
    // Only violations are read: axe then keeps one node of each passing rule instead of
    // describing every node that passed. The colour rules read no style sheets, so they skip
    // fetching them again.
    resultTypes: ['violations'],
    ...(rules === 'colour' ? { preload: false } : {}),
  };
  const result = await page.evaluate(
    (opts) => (window as unknown as { axe: typeof axe }).axe.run(document, opts),
    options,
  );
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
    for (const [i, scheme] of schemes.entries()) {
      await setScheme(page, scheme);
      // Every WCAG 2.1 A and AA rule in the first scheme, the colour rules in the others.
      const list = await violations(page, i === 0 ? 'all' : 'colour');
      if (list.length > 0) found[scheme] = list;
    }
  } finally {
    if (before) await setScheme(page, before as ColorScheme);
  }
  expect(found, `axe: serious or critical WCAG 2.1 AA violations on "${state}"`).toEqual({});
}
