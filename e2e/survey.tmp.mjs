import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = process.env.BASE ?? 'http://127.0.0.1:8090';
const ops = JSON.parse(readFileSync('/tmp/demo-data/demo-operators.json', 'utf8'));
const who = process.env.WHO ?? 'admin';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const out = [];
for (const width of [1366, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 768 }, locale: 'en-GB' });
  const page = await ctx.newPage();
  await page.goto(base + '/sign-in');
  await page.getByLabel('Username').fill(who);
  await page.getByLabel('Password', { exact: true }).fill(ops.passwords[who]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForTimeout(2500);
  let hrefs = process.env.PAGES ? process.env.PAGES.split(',') : null;
  if (!hrefs) {
    if (width === 390) { const b = page.getByRole('button', { name: /navigation/i }).first(); if (await b.count()) await b.click(); await page.waitForTimeout(500); }
    hrefs = await page.$$eval('nav a[href]', (as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
  }
  for (const href of hrefs) {
    await page.goto(base + href);
    await page.waitForTimeout(2000);
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), scheme);
      const name = `${href.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}-${scheme}`;
      await page.screenshot({ path: `/tmp/survey/${name}.png`, fullPage: true });
      if (scheme === 'light') {
        const issues = await page.evaluate(() => {
          const found = [];
          if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`page scrolls sideways ${document.documentElement.scrollWidth}>${window.innerWidth}`);
          for (const el of document.querySelectorAll('body *')) {
            const cs = getComputedStyle(el);
            if (el.children.length === 0 && el.textContent.trim() && el.scrollWidth > el.clientWidth + 1 && (cs.overflow === 'hidden' || cs.textOverflow === 'ellipsis' || cs.overflowX === 'hidden')) {
              if (!el.closest('[data-table-scroll], .mantine-ScrollArea-root, .mantine-Table-scrollContainer')) found.push(`cut: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
            }
          }
          return found.slice(0, 8);
        });
        out.push(`${href} @${width}: ${issues.length ? issues.join(' | ') : 'ok'}`);
      }
    }
  }
  await ctx.close();
}
await browser.close();
console.log(out.join('\n'));
