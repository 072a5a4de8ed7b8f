import { expect, test } from '@playwright/test';
import { fillCheckoutDetails } from './support/checkout-form.ts';
import { holdScripts, waitForInteractive } from './support/interactive.ts';

const product = 'hyperion-elements-jacket';

const labels = {
  en: {
    productPath: `/product/${product}`,
    addToCart: 'Add to cart',
    cartTitle: 'Your cart',
    checkout: 'Checkout',
    placeOrder: 'Place order',
    required: 'This field is required.',
    confirmed: 'Thank you! Your order is confirmed.',
    orderPath: /\/order\/[0-9a-f]{32}$/,
    size: 'M',
    price: '€51.00',
    checkoutPath: '/checkout',
    refuse: 'Refuse',
    chooseSize: 'Choose a size',
    chooseBoth: 'Choose a colour and a size',
    chosenColor: 'Colour: Green',
    continueShopping: 'Continue shopping',
  },
  fr: {
    // The French slug (an English one under /produit/ redirects there).
    productPath: '/produit/veste-hyperion-elements',
    addToCart: 'Ajouter au panier',
    cartTitle: 'Votre panier',
    checkout: 'Commander',
    placeOrder: 'Passer la commande',
    required: 'Ce champ est obligatoire.',
    confirmed: 'Merci ! Votre commande est confirmée.',
    orderPath: /\/commande\/[0-9a-f]{32}$/,
    size: 'M',
    price: '51,00 €',
    checkoutPath: '/commande',
    refuse: 'Refuser',
    chooseSize: 'Choisissez une taille',
    chooseBoth: 'Choisissez une couleur et une taille',
    // French puts a (non-breaking) space before the colon.
    chosenColor: 'Couleur\u00a0: Vert',
    continueShopping: 'Continuer vos achats',
  },
} as const;

for (const locale of ['en', 'fr'] as const) {
  const text = labels[locale];
  test(`buys a product from its page to the confirmation (${locale})`, async ({ page }) => {
    await page.goto(`${text.productPath}?color=Green`);
    // The cart is read once the page is interactive: clicks before that would be lost.
    await waitForInteractive(page);
    await expect(page.locator('[data-option="color-Green"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    // Every page's title ends the same way as the search pages' (" · Vitrine").
    await expect(page).toHaveTitle(/ · Vitrine$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${text.productPath}$`),
    );
    const add = page.getByRole('button', { name: text.addToCart });
    await expect(add).toBeDisabled();
    await page.locator(`[data-option="size-${text.size}"]`).click();
    await add.click();

    const drawer = page.getByRole('dialog', { name: text.cartTitle });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(text.price);
    await expect(page.getByTestId('cart-button')).toContainText('1');
    await drawer.getByRole('link', { name: text.checkout }).click();
    // The checkout's own validation runs once its page is interactive (a click before is the browser's).
    await expect(page).toHaveURL(new RegExp(`${text.checkoutPath}$`));
    await waitForInteractive(page);

    await page.getByRole('button', { name: text.placeOrder }).click();
    await expect(page.getByText(text.required).first()).toBeVisible();
    await fillCheckoutDetails(page);
    await expect(page.getByTestId('order-total')).toHaveText(text.price);
    await page.getByRole('button', { name: text.placeOrder }).click();

    await expect(page.getByTestId('order-confirmed')).toHaveText(text.confirmed);
    await expect(page).toHaveURL(text.orderPath);
    await expect(page.getByTestId('cart-button')).toContainText('0');
    const reloaded = await page.reload();
    await expect(page.getByTestId('order-confirmed')).toBeVisible();
    // Whoever holds the confirmation's link sees the order, not the shopper's email (nor in the page's data).
    expect(await reloaded?.text()).not.toContain('ana@example.com');
  });
}

for (const locale of ['en', 'fr'] as const) {
  const text = labels[locale];

  test(`"place order" on an empty form takes a phone to the first invalid field (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${text.productPath}?color=Green`);
    await waitForInteractive(page);
    await page.getByRole('button', { name: text.refuse }).click();
    await page.locator(`[data-option="size-${text.size}"]`).click();
    await page.getByRole('button', { name: text.addToCart }).click();
    await expect(page.getByTestId('cart-button')).toContainText('1');
    await page.goto(text.checkoutPath);
    await waitForInteractive(page);

    const placeOrder = page.getByRole('button', { name: text.placeOrder });
    await placeOrder.click();
    // The first field in the page's order, with its error tied to it, in view below the sticky header.
    const email = page.locator('#field-email');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(text.required);
    await expect(email).toBeInViewport();
    const header = await page.getByRole('banner').boundingBox();
    const field = await email.boundingBox();
    expect(field?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect((field?.y ?? 0) + (field?.height ?? 0)).toBeLessThanOrEqual(844);

    // Once that one is right, the next try goes to the next invalid field; the phone is optional.
    await email.fill('ana@example.com');
    await placeOrder.click();
    const firstName = page.locator('#field-firstName');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAccessibleDescription(text.required);
    await expect(firstName).toBeInViewport();
  });

  test(`the product page says which option is still to choose (${locale})`, async ({ page }) => {
    await page.goto(`${text.productPath}?color=Green`);
    await waitForInteractive(page);
    // A colour is chosen from the address: only the size is missing.
    await expect(page.getByTestId('stock-state')).toHaveText(text.chooseSize);
    await expect(page.getByTestId('stock-state')).not.toHaveText(text.chooseBoth);
    await expect(page.locator('legend').filter({ hasText: /:/ })).toHaveText(text.chosenColor);
    await page.locator(`[data-option="size-${text.size}"]`).click();
    await expect(page.getByTestId('stock-state')).not.toHaveText(text.chooseSize);
  });
}

test('the cart drawer traps focus, closes with Esc and gives focus back', async ({ page }) => {
  await page.goto(`/product/${product}`);
  await waitForInteractive(page);
  const opener = page.getByTestId('cart-button');
  await opener.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
  // Empty, it offers a way back to the page rather than a dead end.
  await opener.click();
  await expect(drawer).toContainText('Your cart is empty.');
  await drawer.getByRole('button', { name: labels.en.continueShopping }).click();
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('an unknown product is a localized 404 and a guessed order id finds nothing', async ({
  page,
}) => {
  const missing = await page.goto('/produit/pas-de-produit');
  expect(missing?.status()).toBe(404);
  const guessed = await page.goto(`/order/${'0'.repeat(32)}`);
  expect(guessed?.status()).toBe(404);
});

test('the header shows the cart count in the page the server sends, before any script runs', async ({
  page,
  browser,
}) => {
  await page.goto(`/product/${product}?color=Green`);
  await waitForInteractive(page);
  await page.locator('[data-option="size-M"]').click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-button')).toContainText('1');

  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto('/fr');
    await expect(plain.getByTestId('cart-button')).toContainText('1');
    await expect(plain.getByTestId('cart-button')).toHaveAccessibleName(/1/);
  } finally {
    await noScript.close();
  }
});

test('what a shopper types in the checkout form before the page is interactive is kept', async ({
  page,
}) => {
  await page.goto(`/product/${product}?color=Green`);
  await waitForInteractive(page);
  await page.locator('[data-option="size-M"]').click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-button')).toContainText('1');

  // Hold the page's scripts back while the shopper types into the server-rendered form.
  const release = await holdScripts(page);
  await page.goto('/checkout', { waitUntil: 'commit' });
  await page.locator('#field-email').fill('early@example.com');
  release();
  await waitForInteractive(page);
  await page.locator('#field-firstName').fill('Ana');
  await expect(page.locator('#field-email')).toHaveValue('early@example.com');
  // The typed value is the form's state too: no "required" message for it when the order is tried.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('#field-email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#field-lastName')).toHaveAttribute('aria-invalid', 'true');
});
