import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROME_FLAGS, CHROMIUM } from './bench/browser-session.ts';
import { APP_SERVER_COMMAND, appServerEnv, freePort } from './e2e/app-server.ts';

// Playwright evaluates this file in the runner and again in every worker. The port and data
// directory are chosen once, in the runner, and handed to the workers through the environment so
// that all of them talk to the same server.
process.env.E2E_PORT ??= String(await freePort(4173));
function temporaryDataDir() {
  const directory = mkdtempSync(path.join(tmpdir(), 'karkhana-e2e-'));
  // Runs after Playwright has stopped the web server, so the database is closed by then.
  process.on('exit', () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
const dataDir = process.env.E2E_DATA_DIR || temporaryDataDir();
process.env.E2E_DATA_DIR = dataDir;

// The app mails (sign-up and recovery codes) to a local SMTP server started by globalSetup; each
// message lands as a file in this directory, where the tests read it (e2e/support.ts `readMail`).
process.env.E2E_SMTP_PORT ??= String(await freePort(2525));
if (!process.env.E2E_MAIL_DIR) {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'karkhana-e2e-mail-'));
  process.env.E2E_MAIL_DIR = mailDir;
  process.on('exit', () => rmSync(mailDir, { recursive: true, force: true }));
}

const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const onCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: onCI,
  retries: onCI ? 1 : 0,
  workers: 2,
  reporter: [
    [onCI ? 'line' : 'list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'playwright-report/results.json' },
    ],
  ],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The service worker would serve cached shells across tests; offline behaviour is covered by
    // unit tests, the flows here exercise the live app.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'e2e',
      testIgnore: /screenshots\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium(),
      },
    },
    {
      name: 'screenshots',
      testMatch: /screenshots\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium(),
      },
    },
  ],
  webServer: {
    // start.mjs rebuilds dist/ only when it is older than the sources (scripts/test.mjs has just
    // built it), then runs `node --import tsx server/main.ts`: the production build served by the
    // real server on an empty embedded database with the demo account.
    command: APP_SERVER_COMMAND,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: appServerEnv({
      port,
      dataDir,
      smtpPort,
      seedDemo: true,
    }),
  },
});

function chromium() {
  return { executablePath: CHROMIUM, args: [...CHROME_FLAGS] };
}
