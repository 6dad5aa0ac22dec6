import { defineConfig } from '@playwright/test';

/** Where the console under test listens; the global setup starts it there. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * Stretches every timeout on a machine busy with other work (`E2E_TIMEOUT_SCALE=3`): a waiting
 * assertion there fails for want of CPU, not for a fault of the console. CI runs unstretched.
 */
const SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/test-results',
  // One worker: the specs share one BFF and one sandbox, and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000 * SCALE,
  expect: { timeout: 10_000 * SCALE },
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
