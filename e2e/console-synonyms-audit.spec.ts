import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { screenshotPath, signInAsMerchant } from './support/merchant-console.ts';
import { SearchPage } from './support/search-page.ts';
import { deleteSynonym, deleteSynonymsWith } from './support/search-service.ts';

test.describe.configure({ mode: 'serial' });
// The synonyms made here must not change the results of the specs that run after this one.
test.afterAll(async () => {
  await deleteSynonymsWith('anorak');
  await deleteSynonym('fr-e2e-pull');
});

test.describe('synonyms and the audit log in the merchant console', () => {
  test('a one-way synonym makes a search that found nothing find jackets', async ({ page }) => {
    const search = new SearchPage(page, 'en');
    await search.goto('/search?q=anorak');
    expect(await search.resultCount()).toBe(0);

    await signInAsMerchant(page);
    await page.goto('/admin/synonyms');
    await page.getByRole('button', { name: 'Add a synonym' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a synonym' });
    await dialog.getByLabel('Type').selectOption('onewaysynonym');
    await dialog.getByLabel('Language').selectOption('en');
    await dialog.getByLabel('Word shoppers type').fill('anorak');
    await dialog.getByLabel('Also finds (one per line)').fill('jacket');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: 'anorak → jacket' });
    await expect(row).toContainText('English');

    await search.goto('/search?q=anorak');
    expect(await search.resultCount()).toBeGreaterThan(0);
    await expect(search.hits.first()).toContainText(/jacket/i);
  });

  test('a synonym without its words is refused, naming what is missing', async ({ page }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/synonyms');
    await page.getByRole('button', { name: 'Add a synonym' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a synonym' });
    await dialog.getByLabel('Words (one per line)').fill('tee');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('synonyms: give at least 2 words');
  });

  test('exports the synonyms in Algolia’s JSON and imports them back', async ({ page }) => {
    await signInAsMerchant(page);
    const exported = await page.request.get('/api/admin/synonyms/export');
    expect(exported.headers()['content-disposition']).toContain('synonyms.json');
    const synonyms = (await exported.json()) as { objectID: string; type: string }[];
    expect(synonyms).toContainEqual(
      expect.objectContaining({ type: 'onewaysynonym', input: 'anorak', synonyms: ['jacket'] }),
    );
    const imported = await page.request.post('/api/admin/synonyms/import', {
      data: {
        synonyms: [
          ...synonyms,
          { objectID: 'fr-e2e-pull', type: 'synonym', synonyms: ['pull', 'sweat'] },
        ],
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(imported.status()).toBe(200);
    await page.goto('/admin/synonyms');
    await expect(page.getByRole('row').filter({ hasText: 'pull ⇄ sweat' })).toContainText('French');
    const bad = await page.request.post('/api/admin/synonyms/import', {
      data: { synonyms: [{ objectID: 'x', type: 'synonym', synonyms: ['alone'] }] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('entry 1 (x)');
  });

  test('the audit log says who changed which rule and synonym, when, before and after', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/audit-log');
    const synonym = page.getByRole('row').filter({ hasText: /Synonym .*anorak.* created/ });
    await expect(synonym).toContainText(/merchant \(session \S+\)/);
    await synonym.getByText('Before / After').click();
    await expect(synonym).toContainText('"input": "anorak"');
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await expect(page).toHaveURL(/subject=rule/);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: /Rule When the search .* \(console-\S+\) created/ })
        .first(),
    ).toBeVisible();
  });

  for (const path of [
    '/admin/merchandising',
    '/admin/synonyms',
    '/admin/catalogue',
    '/admin/audit-log',
  ]) {
    test(`axe finds no serious or critical violation on ${path}, and it is photographed`, async ({
      page,
    }, testInfo) => {
      // Four analyses and full-page photographs of a long page, on a shared machine.
      test.setTimeout(240_000);
      await signInAsMerchant(page);
      const name = path.split('/').pop() ?? 'page';
      for (const [lang, query] of [
        ['en', ''],
        ['fr', '?lang=fr'],
      ] as const) {
        for (const [device, size] of [
          ['desktop', { width: 1280, height: 900 }],
          ['phone', { width: 390, height: 844 }],
        ] as const) {
          await page.setViewportSize(size);
          await page.goto(`${path}${query}`);
          if (path === '/admin/merchandising') {
            await page.getByRole('button', { name: /^(New rule|Nouvelle règle)$/ }).click();
            await page.getByLabel(/^(Search text|Texte de la recherche)$/).fill('jacket');
            await expect(
              page.getByRole('list', { name: /^(Preview of the results|Aperçu des résultats)$/ }),
            ).toBeVisible();
          }
          const { violations } = await new AxeBuilder({ page }).analyze();
          const serious = violations.filter(
            (violation) => violation.impact === 'serious' || violation.impact === 'critical',
          );
          expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
          await page.screenshot({
            path: screenshotPath(testInfo, `console-${name}-${lang}-${device}.png`),
            fullPage: true,
          });
        }
      }
    });
  }
});
