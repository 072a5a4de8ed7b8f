import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The e2e suite runs the real stack (`npm start`'s script) on its own ports and a fresh data folder. */
const port = Number(process.env['E2E_PORT'] ?? 3300);
const searchPort = Number(process.env['E2E_SEARCH_PORT'] ?? 7370);
process.env['E2E_BASE_URL'] ??= `http://localhost:${port}`;
process.env['E2E_SEARCH_URL'] ??= `http://localhost:${searchPort}`;
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));

const chromium = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  // The stack reports healthy once it listens; this waits for the catalogue to be searchable too.
  globalSetup: './support/global-setup.ts',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env['E2E_BASE_URL'],
    launchOptions: chromium,
    trace: 'off',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: 'node --import tsx scripts/start.ts',
    cwd: join(import.meta.dirname, '..'),
    url: `${process.env['E2E_BASE_URL']}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      SEARCH_PORT: String(searchPort),
      VITRINE_DATA_DIR: process.env['E2E_DATA_DIR'],
      // Its own build folder per port: an e2e run never rebuilds under a running `npm start` or another run.
      VITRINE_NEXT_DIST_DIR: `.next-e2e-${port}`,
    },
  },
});
