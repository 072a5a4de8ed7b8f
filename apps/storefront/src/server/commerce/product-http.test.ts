import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { handleProductRequest } from './product-http.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_product_api');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

describe.each(stores)('the product variants API on $engine', ({ store, reset }) => {
  const product = makeProduct('MJ01');
  const get = (slug: unknown, method = 'GET', locale: 'en' | 'fr' = 'en') =>
    handleProductRequest({ method, slug, locale }, store);

  beforeEach(async () => {
    await reset();
    await store.upsertProducts([product]);
  });

  it('answers the id and each variant as {sku, color, size, priceCents, stock}, never cached', async () => {
    const reply = await get(product.texts.en.slug);
    expect(reply.status).toBe(200);
    expect(reply.headers).toEqual({ 'cache-control': 'no-store' });
    const body = reply.body as { id: string; variants: Record<string, unknown>[] };
    expect(body.id).toBe('MJ01');
    expect(body.variants).toEqual(
      product.variants.map(({ sku, color, size, priceCents, stock }) => ({
        sku,
        color,
        size,
        priceCents,
        stock,
      })),
    );
    for (const variant of body.variants)
      expect(Object.keys(variant).sort()).toEqual(['color', 'priceCents', 'size', 'sku', 'stock']);
  });

  it('answers HEAD like GET, and refuses other methods with 405 and the allowed ones', async () => {
    expect((await get(product.texts.en.slug, 'HEAD')).status).toBe(200);
    expect(await get(product.texts.en.slug, 'POST', 'fr')).toEqual({
      status: 405,
      headers: { allow: 'GET, HEAD' },
      body: { code: 'method', message: 'Seuls GET et HEAD sont acceptés ici.' },
    });
  });

  it.each([
    ['upper case', 'MJ01-Jacket'],
    ['a path', '../admin'],
    ['a space', 'trail jacket'],
    ['too long', 'a'.repeat(121)],
    ['empty', ''],
  ])('refuses a slug that is %s with a 400 that says what a slug is', async (_case, slug) => {
    const reply = await get(slug);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: 'invalid-slug',
      message: expect.stringContaining('is not a product slug: use lower-case letters and digits'),
    });
  });

  it('refuses a repeated slug parameter (an array) as an invalid slug', async () => {
    expect((await get(['a', 'b'])).status).toBe(400);
  });

  it('localizes its messages with ?locale=', async () => {
    expect(await get('no-such-product', 'GET', 'fr')).toEqual({
      status: 404,
      body: { code: 'not-found', message: 'Aucun produit n’a l’identifiant « no-such-product ».' },
    });
    expect((await get('Bad Slug', 'GET', 'fr')).body).toEqual({
      code: 'invalid-slug',
      message:
        '« Bad Slug » n’est pas un identifiant de produit : utilisez des lettres minuscules et des chiffres reliés par des tirets (120 caractères au plus).',
    });
    expect((await get('no-such-product')).body).toEqual({
      code: 'not-found',
      message: 'No product has the slug “no-such-product”.',
    });
  });
});
