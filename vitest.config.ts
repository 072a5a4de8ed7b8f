import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['packages/database/src/testing/vitest-global-setup.ts'],
    projects: [
      { test: { name: 'catalogue', root: 'packages/catalogue', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'database',
          root: 'packages/database',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'search',
          root: 'apps/search',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'storefront',
          root: 'apps/storefront',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: { name: 'tools', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 },
      },
    ],
  },
});
