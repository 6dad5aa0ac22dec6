import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules: what the console promises (issue 19). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export type ColorScheme = 'light' | 'dark';

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

interface Violation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
  count: number;
}

/** What one check asks of the page: the schemes in order, and the options of each run. */
interface CheckPlan {
  schemes: readonly ColorScheme[];
  options: RunOptions[];
  blocking: string[];
}

/**
 * The whole check, run inside the page in one round trip: let entering transitions (modals,
 * menus, toasts) finish; for each scheme, switch to it as Mantine's colour scheme manager does
 * (every colour is a CSS variable keyed on the attribute, so the page repaints without a reload)
 * and wait for the colour transitions it starts (a segmented control's labels: half-faded text
 * fails contrast), then run axe; put the scheme back. Each step was a round trip of its own
 * before, about a second of a check on a busy machine (ADR 031). Returns null when axe is not in
 * the document yet. Serialised into the page: it must not refer to anything outside itself.
 */
async function checkInPage(plan: CheckPlan): Promise<Record<string, Violation[]> | null> {
  const w = window as unknown as { axe?: typeof axe };
  if (!w.axe) return null;
  const root = document.documentElement;
  const settled = () =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  const setScheme = async (value: string) => {
    if (root.getAttribute('data-mantine-color-scheme') === value) return;
    root.setAttribute('data-mantine-color-scheme', value);
    await settled();
  };
  await settled();
  const before = root.getAttribute('data-mantine-color-scheme');
  const found: Record<string, Violation[]> = {};
  try {
    for (const [i, scheme] of plan.schemes.entries()) {
      await setScheme(scheme);
      const result = await w.axe.run(document, plan.options[i]!);
      const list = result.violations
        .filter((v) => plan.blocking.includes(v.impact ?? ''))
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
          count: v.nodes.length,
        }));
      if (list.length > 0) found[scheme] = list;
    }
  } finally {
    if (before) await setScheme(before);
  }
  return found;
}

/**
 * Checks the page as it stands, in the light and the dark scheme: no serious or critical
 * violation of a WCAG 2.1 A or AA rule. One line per page state in a spec:
 *
 * @example
 * await expectAccessible(page, 'journal list');
 *
 * axe-core runs in the page itself. Not through `@axe-core/playwright`: its builder injects axe
 * into every frame and finishes each run in a new blank page, 1.5 s of a 2.3 s check here (ADR
 * 031). The console draws no frames; a page that had one would be checked only in part, so
 * that is refused rather than passed.
 */
export async function expectAccessible(
  page: Page,
  state: string,
  schemes: readonly ColorScheme[] = ['light', 'dark'],
): Promise<void> {
  const frames = page.frames().length;
  if (frames > 1) throw new Error(`the page has ${frames - 1} frames, which this check cannot see`);
  const plan: CheckPlan = {
    schemes,
    // Every WCAG 2.1 A and AA rule in the first scheme, the colour rules in the others. Only
    // violations are read: axe then keeps one node of each passing rule instead of describing
    // every node that passed. The colour rules read no style sheets, so they skip fetching
    // them again.
    options: schemes.map((_, i) =>
      i === 0
        ? { runOnly: { type: 'tag', values: WCAG_21_AA }, resultTypes: ['violations'] }
        : {
            runOnly: { type: 'rule', values: COLOUR_RULES },
            resultTypes: ['violations'],
            preload: false,
          },
    ),
    blocking: [...BLOCKING],
  };
  let found = await page.evaluate(checkInPage, plan);
  if (found === null) {
    // Once per document: a navigation gives the next check a new one.
    await page.evaluate(AXE_SOURCE);
    found = await page.evaluate(checkInPage, plan);
  }
  expect(found, `axe: serious or critical WCAG 2.1 AA violations on "${state}"`).toEqual({});
}
