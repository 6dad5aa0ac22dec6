import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

import { currentConsole, E2E_WORKERS } from './consoles';

/**
 * Stretches every timeout on a machine busy with other work (`E2E_TIMEOUT_SCALE=3`): a waiting
 * assertion there fails for want of CPU, not for a fault of the console. CI runs unstretched.
 */
const SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

/**
 * Debian's headless shell when it is installed (.ci/run installs it): the same Blink without the
 * browser's own window machinery, and about a fifth less time for the same specs on two cores
 * (ADR 031). Full Chromium otherwise; `CHROMIUM_PATH` picks either.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/test-results',
  // A worker per console (consoles.ts): each worker's specs run in order against its own.
  workers: E2E_WORKERS,
  fullyParallel: false,
  timeout: 60_000 * SCALE,
  expect: { timeout: 10_000 * SCALE },
  // A test that fails runs once more, recording its trace, and the run fails all the same, even
  // when the retry passes: the retry exists for the trace, which recorded in every passing test
  // cost about a sixth of the suite's CPU (ADR 031).
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list']],
  use: {
    // Read in each worker: its own console.
    baseURL: currentConsole().url,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // A failed test's retry keeps a trace with the page's DOM at each step (no screencast: it
    // cost a third of the suite's time, ADR 031).
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
