import type { Page } from '@playwright/test';

/** Fills the checkout's contact and delivery form with a valid French address. */
export async function fillCheckoutDetails(page: Page): Promise<void> {
  await page.fill('#field-email', 'ana@example.com');
  await page.fill('#field-firstName', 'Ana');
  await page.fill('#field-lastName', 'Martin');
  await page.fill('#field-address', '3 rue des Lilas');
  await page.fill('#field-postalCode', '75011');
  await page.fill('#field-city', 'Paris');
}
