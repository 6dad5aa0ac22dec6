import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Stack } from '../stack/stack';
import { PROFILE } from './live-reads-plan';

/*
 * The live-reads figure's browser sessions (issue 35): each signed in in a context of its own, on
 * the orders page, and whether its live stream is still up.
 */

/**
 * A browser context of its own (its own session cookie), signed in, on the orders page, live.
 * `timed`: the page where changes are timed, whose watch is plain JavaScript handed in by the
 * bench; the SPA's Content Security Policy (no `unsafe-eval`) is not applied to it there.
 */
export async function openOrdersPage(browser: Browser, stack: Stack, timed = false): Promise<Page> {
  const url = stack.bff.url;
  const context: BrowserContext = await browser.newContext({
    baseURL: url,
    viewport: { width: 1440, height: 900 },
    bypassCSP: timed,
  });
  // The SPA's own sign-in request; the context keeps the session cookie it sets.
  const signedIn = await context.request.post('/api/session', {
    headers: { 'x-csrf': '1', origin: url },
    data: stack.bff.operator,
  });
  if (!signedIn.ok()) throw new Error(`sign-in in the browser: ${signedIn.status()}`);
  const page = await context.newPage();
  await page.goto(`/orders?profile=${PROFILE}`);
  await page
    .getByRole('banner')
    .getByRole('status', { name: /^Live: / })
    .waitFor({ state: 'visible', timeout: 30_000 });
  return page;
}

export async function isLive(page: Page): Promise<boolean> {
  return page
    .getByRole('banner')
    .getByRole('status', { name: /^Live: / })
    .isVisible()
    .catch(() => false);
}
