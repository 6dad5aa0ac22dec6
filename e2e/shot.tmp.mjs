import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:8090';
const ops = JSON.parse(readFileSync('/tmp/demo-data/demo-operators.json', 'utf8'));
const [who, href, width, scheme, locator, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: +width, height: +width === 390 ? 844 : 768 }, locale: 'en-GB' });
const page = await ctx.newPage();
await page.goto(base + '/sign-in');
await page.getByLabel('Username').fill(who);
await page.getByLabel('Password', { exact: true }).fill(ops.passwords[who]);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForTimeout(2000);
await page.goto(base + href);
await page.waitForTimeout(2500);
await page.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), scheme);
if (locator && locator !== '-') { await page.locator(locator).first().scrollIntoViewIfNeeded(); }
await page.screenshot({ path: out });
await browser.close();
