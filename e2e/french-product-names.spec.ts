import { expect, test } from '@playwright/test';
import { fillCheckoutDetails } from './support/checkout-form.ts';
import { waitForInteractive } from './support/interactive.ts';

const frenchName = 'Veste Hyperion Elements';
const frenchPath = '/produit/veste-hyperion-elements';

test('a French shopper reads French product names from search to the order confirmation', async ({
  page,
}) => {
  await page.goto('/recherche?q=veste%20hyperion');
  const results = page.locator('#search-results');
  const card = results.getByRole('link', { name: frenchName }).first();
  await expect(card).toBeVisible();
  await waitForInteractive(page);
  await card.click();

  await expect(page).toHaveURL(new RegExp(`${frenchPath}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(frenchName);
  await expect(page).toHaveTitle(`${frenchName} · Vitrine`);
  await expect(page.getByRole('link', { name: 'Read in English' })).toHaveAttribute(
    'href',
    /^\/product\/hyperion-elements-jacket(\?|$)/,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    /\/product\/hyperion-elements-jacket(\?|$)/,
  );
  await waitForInteractive(page);
  await page.locator('[data-option="size-M"]').click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();

  const drawer = page.getByRole('dialog', { name: 'Votre panier' });
  await expect(drawer).toContainText(frenchName);
  await drawer.getByRole('link', { name: 'Commander' }).click();

  await expect(page.getByRole('main')).toContainText(`1 × ${frenchName}`);
  await fillCheckoutDetails(page);
  await page.getByRole('button', { name: 'Passer la commande' }).click();
  await expect(page.getByTestId('order-confirmed')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`1 × ${frenchName}`);
  // The order keeps the name it was placed with: the English page of the order still says it in French.
  await page.goto(page.url().replace('/commande/', '/order/'));
  await expect(page.getByRole('main')).toContainText(`1 × ${frenchName}`);
});

test('an English slug under /produit/ redirects to the French address', async ({
  page,
  request,
}) => {
  const moved = await request.get('/produit/hyperion-elements-jacket?color=Green', {
    maxRedirects: 0,
  });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toMatch(new RegExp(`${frenchPath}\\?color=Green$`));
  const response = await page.goto('/produit/hyperion-elements-jacket?color=Green');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/hyperion-elements-jacket/);
  await expect(page).toHaveURL(new RegExp(`${frenchPath}\\?color=Green$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(frenchName);
});
