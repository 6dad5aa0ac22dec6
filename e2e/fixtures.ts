import { test as base, expect, type Browser, type Cookie, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@console/schemas';
import { cli } from './cli';
import { currentConsole, runDir } from './consoles';

export interface TestOperator {
  username: string;
  display_name: string;
  role: Role;
  password: string;
}

/** The operators the global setup made for this run, by username (the same in every console). */
function operators(): TestOperator[] {
  return JSON.parse(readFileSync(join(runDir(), 'operators.json'), 'utf8')) as TestOperator[];
}

export function operator(username: string): TestOperator {
  const found = operators().find((o) => o.username === username);
  if (!found) throw new Error(`no test operator ${username}`);
  return found;
}

/**
 * Gives an operator another role through the real CLI (`users:set-role`), as an admin would; the
 * running BFF reads the users file again by itself. A spec that demotes someone gives the role
 * back in a `finally`: the worker's later specs share its console.
 */
export function setRole(username: string, role: Role): void {
  cli([
    'users:set-role',
    '--file',
    currentConsole().usersFile,
    '--username',
    username,
    '--role',
    role,
  ]);
}

/** The sandbox behind the BFF: its control endpoints let a spec see what the service received. */
export const sandbox = {
  url: () => currentConsole().sandboxUrl,
  async state(): Promise<SandboxState> {
    const response = await fetch(`${sandbox.url()}/sandbox/state`);
    return (await response.json()) as SandboxState;
  },
  /** Simulates an incoming deposit, as the service would receive one. */
  async deposit(body: Record<string, string>): Promise<{ orchestrations: { id: string }[] }> {
    const response = await fetch(`${sandbox.url()}/sandbox/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`deposit refused: ${await response.text()}`);
    return (await response.json()) as { orchestrations: { id: string }[] };
  },
  /** Moves the sandbox clock forward, so PENDING and PROCESSING records settle without waiting. */
  async advance(ms: number): Promise<void> {
    await fetch(`${sandbox.url()}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: ms }),
    });
  },
  /** Holds a market at a price (null lets it move again); its open orders react at once. */
  async setPrice(market: string, price: string | null): Promise<void> {
    const response = await fetch(`${sandbox.url()}/sandbox/prices/${market}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price }),
    });
    if (!response.ok) throw new Error(`price refused: ${await response.text()}`);
  },
  /** Settles a PENDING transfer now, with its other leg, as the service would; its record. */
  async settleTransfer(
    id: string,
    status: 'COMPLETED' | 'FAILED',
  ): Promise<{ id: string; status: string }> {
    const response = await fetch(
      `${sandbox.url()}/sandbox/transfers/${encodeURIComponent(id)}/settle`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      },
    );
    if (!response.ok) throw new Error(`settle refused: ${await response.text()}`);
    return (await response.json()) as { id: string; status: string };
  },
  async log(): Promise<SandboxLog> {
    const response = await fetch(`${sandbox.url()}/sandbox/log`);
    return (await response.json()) as SandboxLog;
  },
};

export interface SandboxState {
  transfers: { id: string; ref_id?: string; amount: string; direction: string }[];
  orders: { id: string; ref_id?: string; status: string }[];
  profiles: { id: string; balances: Record<string, unknown> }[];
  orchestrations: { id: string; ref_id?: string; status: string; orchestration_rule_id?: string }[];
  rules: { id: string; ref_id?: string; status: string }[];
  deposit_addresses: { id: string; ref_id?: string; address: string }[];
  fiat_accounts: { id: string; status?: string; [key: string]: unknown }[];
  [key: string]: unknown;
}
export interface SandboxLog {
  requests: { method: string; path: string; status: number; body: string }[];
  token_requests: unknown[];
}

/**
 * The session cookies of each operator this worker has signed in, kept as Playwright's stored
 * sessions are: an operator signs in through the page once, and later tests open the console
 * with the same session, as a browser that stayed signed in would. Sign-in itself is tested where
 * it is the subject (session, roles, single sign-on).
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens the console signed in as `username`, on the home page or on `at`: with the operator's
 * stored session when the server still honours it, else through the sign-in page, as an
 * operator would (a spec that signed out or demoted them ended that session). A test whose first
 * step is another page names it as `at` rather than loading the home page first: a full load of
 * the SPA in a fresh browser context costs one to three seconds on two cores (ADR 031).
 *
 * @example
 * await signIn(page, 'fiona', routeOf('createInternalTransfer'));
 */
export async function signIn(page: Page, username: string, at = '/'): Promise<void> {
  const who = operator(username);
  const signedIn = page
    .getByRole('banner')
    .getByLabel('Signed in operator')
    .getByText(who.display_name);
  const stored = sessions.get(username);
  if (stored) {
    await page.context().clearCookies();
    await page.context().addCookies(stored);
    await page.goto(at);
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    await expect(signedIn.or(signInButton)).toBeVisible();
    if (await signedIn.isVisible()) return;
    sessions.delete(username);
  }
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(signedIn).toBeVisible();
  sessions.set(username, await page.context().cookies());
  if (at !== '/') {
    await page.goto(at);
    await expect(signedIn).toBeVisible();
  }
}

/** A second operator, signed in in their own browser context beside the first. */
export async function secondOperator(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: currentConsole().url,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/**
 * Whether this run takes screenshots to look at: `E2E_SCREENSHOTS=1`, or `UPDATE_SCREENSHOTS=1`
 * for the documentation's. They assert nothing, and an ordinary run (CI's) would spend a minute
 * of both cores encoding pictures nobody opens (ADR 031).
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || process.env.UPDATE_SCREENSHOTS === '1';

/** Saves a full-page screenshot at 1440×900 under e2e/artifacts/screenshots/ (see SCREENSHOTS). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  // From the top: a full-page capture of a scrolled window paints the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `artifacts/screenshots/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * Screenshots for the documentation, in the light and the dark scheme. Written to
 * docs/screenshots/ (checked in) when UPDATE_SCREENSHOTS=1, else beside the other artifacts, so
 * an ordinary run never changes tracked files.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1' ? '../docs/screenshots' : 'artifacts/docs-screenshots';
  const before = await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.setAttribute('data-mantine-color-scheme', value);
    }, scheme);
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png`, animations: 'disabled' });
  }
  if (before) {
    await page.evaluate((value) => {
      document.documentElement.setAttribute('data-mantine-color-scheme', value);
    }, before);
  }
}

export const test = base;
export { expect };
