import { expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  merchantPassword,
  previewIds,
  previewItems,
  screenshotPath,
} from './support/merchant-console.ts';
import { SearchPage } from './support/search-page.ts';
import { clearRules, deleteSynonymsWith } from './support/search-service.ts';

/*
 * Issue #29, "How it will be checked", walked by a French merchant on a 390 px phone: sign in, pin, hide,
 * a banner, a synonym, a price edit; then the shop as a shopper in both languages. Each step is
 * photographed (E2E_SCREENSHOT_DIR) for a person to look at.
 */

const phone = { width: 390, height: 844 };
const juno = { id: 'WJ06', fr: '/produit/veste-juno', en: '/product/juno-jacket' };

test.describe.configure({ mode: 'serial' });
// What the afternoon changes must not reach the specs that run after this one.
test.afterAll(async () => {
  await clearRules();
  await deleteSynonymsWith('blouson');
});

async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(testInfo, `afternoon-fr-phone-${name}.png`) });
}

/** The page must not scroll sideways: a phone merchant never has to pan to read a table. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('a French merchant’s afternoon on a phone', () => {
  test.use({ viewport: phone, locale: 'fr-FR', actionTimeout: 20_000 });

  test('signs in, pins and hides for "jacket" with a banner, shoppers see it in both languages', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.goto('/admin/login?lang=fr');
    await expect(page.getByRole('heading', { name: 'Connexion marchand' })).toBeVisible();
    await photograph(page, testInfo, '01-sign-in');
    await page.getByLabel('Mot de passe').fill(merchantPassword());
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await photograph(page, testInfo, '02-analytics');

    await page.goto('/admin/merchandising?lang=fr');
    await page.getByRole('button', { name: 'Nouvelle règle' }).click();
    await page.getByLabel('Texte de la recherche').fill('jacket');
    await expect(previewItems(page).first()).toBeVisible();
    const [, second, , fourth] = await previewIds(page);
    await page
      .locator(`li[data-id="${second}"]`)
      .getByRole('button', { name: /^Monter / })
      .click();
    await expect.poll(async () => (await previewIds(page))[0]).toBe(second);
    await page
      .locator(`li[data-id="${fourth}"]`)
      .getByRole('button', { name: /^Masquer / })
      .click();
    await expect.poll(() => previewIds(page)).not.toContain(fourth);
    await page.getByRole('button', { name: 'Ajouter une bannière' }).click();
    await page.getByLabel('Titre (FR)', { exact: true }).fill('Paré pour la pluie');
    await page.getByLabel('Texte (FR)', { exact: true }).fill('Nos vestes imperméables.');
    await page.getByLabel('Titre (EN)', { exact: true }).fill('Rain ready');
    await page.getByLabel('Texte (EN)', { exact: true }).fill('Our waterproof jackets.');
    await expect(page.getByTestId('preview-frame')).toContainText('Paré pour la pluie');
    await photograph(page, testInfo, '03-rule-editor');
    await page.getByRole('button', { name: 'Enregistrer la règle' }).click();
    // Said beside the button just tapped, not at the top of a long page out of sight.
    await expect(
      page.getByRole('status').filter({ hasText: 'Règle enregistrée' }),
    ).toBeInViewport();
    // The saved rule is named in words, its id only beside it.
    await expect(
      page.getByRole('heading', { level: 2, name: /^Modifier la règle : / }),
    ).toContainText('Quand la recherche est « jacket »');
    await expect(
      page.getByRole('button', { name: /^Modifier Quand la recherche est « jacket »/ }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await photograph(page, testInfo, '04-rule-saved');

    for (const [locale, path] of [
      ['fr', '/recherche?q=jacket'],
      ['en', '/search?q=jacket'],
    ] as const) {
      const search = new SearchPage(page, locale);
      await search.goto(path);
      expect((await search.hitIds())[0]).toBe(second);
      expect(await search.hitIds()).not.toContain(fourth);
      await expect(page.getByRole('complementary')).toContainText(
        locale === 'fr' ? 'Paré pour la pluie' : 'Rain ready',
      );
      await expectNoSidewaysScroll(page);
      await photograph(page, testInfo, `05-shop-${locale}`);
    }
  });

  test('adds a French synonym and edits a price; shoppers see both in each language', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.goto('/admin/login?lang=fr');
    await page.getByLabel('Mot de passe').fill(merchantPassword());
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics/);

    await page.goto('/admin/synonyms?lang=fr');
    await page.getByRole('button', { name: 'Ajouter un synonyme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un synonyme' });
    await dialog.getByLabel('Type').selectOption('onewaysynonym');
    await dialog.getByLabel('Langue').selectOption('fr');
    await dialog.getByLabel('Mot saisi par les clients').fill('blouson');
    await dialog.getByLabel('Trouve aussi (un par ligne)').fill('veste');
    await photograph(page, testInfo, '06-synonym-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('blouson → veste')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await photograph(page, testInfo, '07-synonyms');

    // A French merchant finds the product by its French category, shown in French.
    await page.goto('/admin/catalogue?lang=fr');
    await page.getByLabel(/^Catégorie/).fill('Femme > Hauts > Vestes');
    await page.getByRole('button', { name: 'Afficher' }).click();
    const row = page.locator(`tr[data-product="${juno.id}"]`);
    await expect(row).toContainText('Femme > Hauts > Vestes');
    await row.getByRole('button', { name: 'Modifier Veste Juno' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier Veste Juno' });
    // Prices and colours as a French merchant writes them.
    await expect(edit.getByLabel('Prix de Bleu / XS (€)')).toHaveValue(/^\d+,\d{2}$/);
    await edit.getByLabel('Prix de Bleu / XS (€)').fill('77,00');
    await photograph(page, testInfo, '08-product-dialog');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('77,00');
    await expectNoSidewaysScroll(page);
    await photograph(page, testInfo, '09-catalogue');

    const search = new SearchPage(page, 'fr');
    await search.goto('/recherche?q=blouson');
    expect(await search.resultCount()).toBeGreaterThan(0);
    await photograph(page, testInfo, '10-shop-synonym-fr');
    await page.goto(juno.fr);
    await expect(page.getByRole('main')).toContainText('77,00');
    await photograph(page, testInfo, '11-product-fr');
    await page.goto(juno.en);
    await expect(page.getByRole('main')).toContainText('77.00');
    await photograph(page, testInfo, '12-product-en');
  });
});
