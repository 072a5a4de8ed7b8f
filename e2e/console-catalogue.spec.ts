import { type Browser, expect, type Page, test } from '@playwright/test';
import { loadLumaSample } from '../packages/catalogue/src/load-luma-sample.ts';
import { signInAsMerchant } from './support/merchant-console.ts';
import { SearchPage } from './support/search-page.ts';

/** The product the published-state test takes off the shop and puts back. */
const hollister = {
  id: 'MH05',
  name: 'Hollister Backyard Sweatshirt',
  nameFr: 'Sweat Hollister Backyard',
  en: '/product/hollister-backyard-sweatshirt',
  fr: '/produit/sweat-hollister-backyard',
};

/**
 * Whether a shopper's search at `path` shows `name`, tried again for up to 30 s: on this loaded machine a
 * search right after a write may answer "search unavailable" once (the service rebuilds its sort orders).
 */
async function expectSearchShows(page: Page, path: string, name: string, shown: boolean) {
  await expect(async () => {
    const search = new SearchPage(page, path.startsWith('/recherche') ? 'fr' : 'en');
    await search.goto(path);
    const names = (await search.hits.allTextContents()).join(' | ');
    if (shown) expect(names).toContain(name);
    else expect(names).not.toContain(name);
  }).toPass({ timeout: 30_000 });
}

/** The product the price-edit test changes; its sample prices are put back after the file. */
const hyperionId = 'MJ02';

/**
 * Puts back what this file's tests change, whatever a failed test left (other specs share the stack and a
 * re-run against the same stack expects the sample): Hollister published, Hyperion at its sample prices.
 * Stock is left as it is (orders in other specs change it).
 */
async function restoreSampleState(browser: Browser): Promise<void> {
  const samplePrices = new Map(
    loadLumaSample()
      .flatMap((product) => product.variants)
      .map((variant) => [variant.sku, variant.priceCents]),
  );
  const page = await browser.newPage();
  await signInAsMerchant(page);
  for (const id of [hollister.id, hyperionId]) {
    await page.evaluate(
      async ({ id, prices }) => {
        const listed = await fetch(`/api/admin/products?q=${id}`);
        type Row = {
          id: string;
          published: boolean;
          name: { en: string; fr: string | null };
          description: { en: string; fr: string | null };
          variants: { sku: string; priceCents: number; stock: number }[];
        };
        const { products } = (await listed.json()) as { products: Row[] };
        const row = products.find((product) => product.id === id);
        if (!row) return;
        const samplePrice = new Map(prices);
        const variants = row.variants.map(({ sku, priceCents, stock }) => ({
          sku,
          priceCents: samplePrice.get(sku) ?? priceCents,
          stock,
        }));
        const changed = variants.some(
          (variant, index) => variant.priceCents !== row.variants[index]?.priceCents,
        );
        if (row.published && !changed) return;
        const french = row.name.fr
          ? { fr: { name: row.name.fr, description: row.description.fr ?? '' } }
          : {};
        await fetch('/api/admin/products', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            id,
            texts: { en: { name: row.name.en, description: row.description.en }, ...french },
            variants,
            published: true,
          }),
        });
      },
      { id, prices: [...samplePrices] },
    );
  }
  await page.close();
}

test.afterAll(async ({ browser }) => {
  await restoreSampleState(browser);
});

test.describe('the catalogue in the merchant console', () => {
  test('a price edit reaches the search results and the product page', async ({ page }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue?q=hyperion');
    const row = page.getByRole('row').filter({ hasText: 'Hyperion Elements Jacket' });
    await expect(row).toContainText('€51.00');
    await row.getByRole('button', { name: 'Edit Hyperion Elements Jacket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Hyperion Elements Jacket' });
    const prices = dialog.getByLabel(/^Price of /);
    for (let index = 0; index < (await prices.count()); index += 1) {
      await prices.nth(index).fill('45.50');
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('Hyperion Elements Jacket saved');
    await expect(row).toContainText('€45.50');

    // The save returns once the index holds the change: shoppers see it on their next page.
    const search = new SearchPage(page, 'en');
    await search.goto('/search?q=hyperion');
    await expect(search.hits.first()).toContainText('€45.50');
    await page.goto('/product/hyperion-elements-jacket');
    await expect(page.getByRole('main')).toContainText('€45.50');
    await page.goto('/produit/veste-hyperion-elements');
    await expect(page.getByRole('main')).toContainText('45,50 €');

    await page.goto('/admin/audit-log?subject=product');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: /Product .*changed/ })
        .first(),
    ).toBeVisible();
  });

  test('an unpublished product leaves search and its pages in both languages, and comes back', async ({
    page,
  }) => {
    await expectSearchShows(page, '/search?q=hollister', hollister.name, true);
    await expectSearchShows(page, '/recherche?q=hollister', hollister.nameFr, true);

    const setPublished = async (published: boolean) => {
      await page.goto('/admin/catalogue?q=hollister');
      const row = page.getByRole('row').filter({ hasText: hollister.name });
      await row.getByRole('button', { name: `Edit ${hollister.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${hollister.name}` });
      await dialog.getByLabel(/^Published/).setChecked(published);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(published ? 'Published' : 'Unpublished');
    };
    await signInAsMerchant(page);
    await setPublished(false);
    await page.goto('/admin/catalogue?published=unpublished');
    await expect(page.getByRole('row').filter({ hasText: hollister.name })).toContainText(
      'Unpublished',
    );
    await expect(page.getByRole('navigation', { name: 'Pages of the list' })).toContainText(
      'Page 1 of 1',
    );

    // The save returns once the index no longer holds it.
    await expectSearchShows(page, '/search?q=hollister', hollister.name, false);
    await expectSearchShows(page, '/recherche?q=hollister', hollister.nameFr, false);
    expect((await page.goto(hollister.en))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await page.goto(hollister.fr))?.status()).toBe(404);

    await setPublished(true);
    await expectSearchShows(page, '/recherche?q=hollister', hollister.nameFr, true);
    expect((await page.goto(hollister.en))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hollister.name);
  });

  test('pages through the catalogue with links that keep the filters, by keyboard', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue?lang=fr&stock=in');
    const pages = page.getByRole('navigation', { name: 'Pages de la liste' });
    await expect(pages).toContainText(/Page 1 sur \d+/);
    const firstRow = await page.getByRole('row').nth(1).textContent();
    await pages.getByRole('link', { name: 'Page suivante' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stock=in.*page=2.*after=/);
    await expect(pages).toContainText(/Page 2 sur \d+/);
    expect(await page.getByRole('row').nth(1).textContent()).not.toBe(firstRow);
    await pages.getByRole('link', { name: 'Page précédente' }).click();
    await expect(pages).toContainText(/Page 1 sur/);
    expect(await page.getByRole('row').nth(1).textContent()).toBe(firstRow);
  });

  test('a bad catalogue file is refused with each bad record and its reason', async ({ page }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue');
    await page.getByLabel('Upload a catalogue file (JSON or NDJSON)').setInputFiles({
      name: 'catalogue.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([{ id: 'BAD1', brand: 'Luma' }])),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'The file was refused' })).toContainText(
      'nothing was imported',
    );
    await expect(page.getByRole('list', { name: /The file was refused/ })).toContainText(
      /record 1, /,
    );
  });

  test('answers 401 to a product edit or a file without the merchant session', async ({
    request,
  }) => {
    const edit = await request.put('/api/admin/products', {
      data: { id: 'MJ02', texts: { en: { name: 'x', description: '' } }, variants: [] },
    });
    expect(edit.status()).toBe(401);
    const file = await request.post('/api/admin/catalogue/import', {
      data: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(file.status()).toBe(401);
  });

  test('an upload shows the progress of reading the file, then of the search index, then what was imported', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue');
    // The sample (what the stack was seeded with), each English description with a trailing space: every
    // product changes, so the index update has all of them to send. Sent slowly enough to watch the bar move.
    const sample = loadLumaSample().map((product) => ({
      ...product,
      texts: {
        ...product.texts,
        en: { ...product.texts.en, description: `${product.texts.en.description.trimEnd()} ` },
      },
    }));
    const count = sample.length.toLocaleString('en');
    await slowUploads(page, 256 * 1024);
    const seen = await watchProgress(page);
    await page.getByLabel('Upload a catalogue file (JSON or NDJSON)').setInputFiles({
      name: 'luma.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(sample)),
    });
    const upload = page.getByRole('region', { name: 'Importing luma.json' });
    const reading = upload.getByRole('progressbar', {
      name: 'Step 1 of 2: Reading and checking the file',
    });
    await expect(reading).toBeVisible();
    await expect(upload.getByText(/% read · .* products checked · .* products\/s/)).toBeVisible();
    const indexing = upload.getByRole('progressbar', {
      name: 'Step 2 of 2: Updating the search index',
    });
    await expect(indexing).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'products imported' })).toHaveText(
      `${count} products imported; the search index is up to date.`,
      { timeout: 60_000 },
    );
    await expect(reading).toHaveAttribute('aria-valuenow', '100');
    // The index step's own counts: every product of the file sent, of every product it had to send.
    await expect(indexing).toHaveAttribute('aria-valuenow', '100');
    await expect(upload).toContainText(
      new RegExp(`${count} of ${count} products in the search index · [\\d,]+ products/s`),
    );
    const values = await seen();
    expect(
      values.some((value) => value > 0 && value < 100),
      values.join(','),
    ).toBe(true);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  test('a cancelled upload applies nothing', async ({ page }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue');
    const [first, ...others] = loadLumaSample();
    if (!first) throw new Error('the sample is empty');
    const renamed = {
      ...first,
      texts: { ...first.texts, en: { ...first.texts.en, name: 'Never Imported Jacket' } },
    };
    await slowUploads(page, 32 * 1024);
    await page.getByLabel('Upload a catalogue file (JSON or NDJSON)').setInputFiles({
      name: 'cancelled.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([...others, renamed])),
    });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel the upload' }).click();
    await expect(page.getByRole('status')).toHaveText('Upload cancelled: nothing was imported.', {
      timeout: 30_000,
    });
    await page.goto('/admin/catalogue?q=Never%20Imported');
    await expect(page.getByText('No product matches.')).toBeVisible();
  });

  test('a bad file’s every bad record is listed with its position and reason, in French too', async ({
    page,
  }) => {
    await signInAsMerchant(page);
    await page.goto('/admin/catalogue?lang=fr');
    const [first, second] = loadLumaSample();
    await page.getByLabel('Envoyer un fichier de catalogue (JSON ou NDJSON)').setInputFiles({
      name: 'catalogue.ndjson',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(
        [first, { ...second, variants: [] }, { id: 'BAD3' }]
          .map((r) => JSON.stringify(r))
          .join('\n'),
      ),
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Le fichier a été refusé' }),
    ).toContainText('rien n’a été importé');
    const errors = page
      .getByRole('list', { name: /Le fichier a été refusé/ })
      .getByRole('listitem');
    // Each reason in French, with the record's position (counted from 1) and the field.
    await expect(errors.first()).toHaveText('enregistrement 2, variants : ne doit pas être vide');
    await expect(errors.filter({ hasText: /^enregistrement 3, / }).first()).toHaveText(
      'enregistrement 3, texts.en.name : le nom anglais doit être un texte',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Le fichier a été refusé' })).toHaveText(
      /2 produits sur 3 ne sont pas valides \(\d+ problèmes\) ; rien n’a été importé\./,
    );
    // A file that is not a catalogue at all: the file's own problem, in French too.
    await page.getByLabel('Envoyer un fichier de catalogue (JSON ou NDJSON)').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Le fichier a été refusé' })).toHaveText(
      'Le fichier a été refusé : Le fichier ne peut pas être lu : ce n’est ni une liste JSON de produits, ni {"products": [...]} ; rien n’a été importé.',
    );
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });
});

/** Limits the page's upload speed (Chromium's network throttling), so that an upload lasts a few seconds. */
async function slowUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Records every value the upload's progress bar takes; the returned function reads them. */
async function watchProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const values: number[] = [];
    (window as unknown as { progressValues: number[] }).progressValues = values;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && values[values.length - 1] !== value) values.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { progressValues: number[] }).progressValues);
}
