import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page has hydrated (`data-interactive` on `<html>`, set by the app once React has taken over the
 * server's HTML; its scripts start after the first paint) and its requests have settled, so that a click or a
 * key press reaches React instead of the server-rendered HTML.
 */
export async function waitForInteractive(page: Page): Promise<void> {
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  await page.waitForLoadState('networkidle');
}

/** Holds every script of the page back until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
