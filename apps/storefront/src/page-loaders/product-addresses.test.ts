import type { ServerResponse } from 'node:http';
import type { CatalogueProduct } from '@vitrine/catalogue';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../test/support/catalogue-fixtures.ts';
import { installStoreRuntime } from '../../test/support/store-runtime.ts';
import { openTestStores } from '../../test/support/test-stores.ts';
import type { Locale } from '../i18n/locale.ts';
import { equivalentPath } from '../i18n/routes.ts';
import { uninstallRuntime } from '../server/runtime.ts';
import { productServerSideProps } from './commerce-server-side-props.ts';

const [{ store }] = (await openTestStores(inject('postgresUrl'), 'product_addresses')).filter(
  (candidate) => candidate.engine === 'pglite',
) as [Awaited<ReturnType<typeof openTestStores>>[number]];

const english = makeProduct('WJ06', { name: 'Juno Jacket', slug: 'juno-jacket' });
const juno: CatalogueProduct = {
  ...english,
  texts: {
    ...english.texts,
    fr: { name: 'Veste Juno', slug: 'veste-juno', description: 'Une veste contre le vent.' },
  },
};
const englishOnly = makeProduct('MJ01', {
  name: 'Beaumont Summit Kit',
  slug: 'beaumont-summit-kit',
});

const withdrawn: CatalogueProduct = {
  ...makeProduct('MJ09', { name: 'Kratos Gym Jacket', slug: 'kratos-gym-jacket' }),
  texts: {
    en: { name: 'Kratos Gym Jacket', slug: 'kratos-gym-jacket', description: 'Gone.' },
    fr: { name: 'Veste Kratos', slug: 'veste-kratos', description: 'Retirée.' },
  },
  published: false,
};

beforeAll(async () => {
  await store.upsertProducts([juno, englishOnly, withdrawn]);
  installStoreRuntime(store, () => ({}) as never);
});
afterAll(async () => {
  uninstallRuntime();
  await store.close();
});

/** What the product page of `locale` answers for `url` (`/produit/veste-juno?color=Black`). */
function open(locale: Locale, url: string) {
  const [path = '', search = ''] = url.split('?');
  const slug = path.split('/').pop() ?? '';
  const query = Object.fromEntries(new URLSearchParams(search));
  const res = { statusCode: 200, setHeader: () => undefined } as unknown as ServerResponse;
  const context = { req: { headers: {} }, res, params: { slug }, query, resolvedUrl: url };
  return productServerSideProps(locale)(context as unknown as GetServerSidePropsContext);
}

describe('product addresses per language', () => {
  it('shows the French name and description at the French slug, with both addresses as alternates', async () => {
    const answer = await open('fr', '/produit/veste-juno');
    expect(answer).toMatchObject({
      props: {
        product: {
          name: 'Veste Juno',
          description: 'Une veste contre le vent.',
          slug: 'veste-juno',
        },
        alternates: { en: '/product/juno-jacket', fr: '/produit/veste-juno' },
      },
    });
    expect(await open('en', '/product/juno-jacket')).toMatchObject({
      props: { product: { name: 'Juno Jacket' }, alternates: { fr: '/produit/veste-juno' } },
    });
  });

  it('redirects (301) an English slug under /produit/ to the French one, keeping the query', async () => {
    expect(await open('fr', '/produit/juno-jacket?color=Black')).toEqual({
      redirect: { destination: '/produit/veste-juno?color=Black', statusCode: 301 },
    });
  });

  it('redirects (301) a French slug under /product/ to the English one', async () => {
    expect(await open('en', '/product/veste-juno')).toEqual({
      redirect: { destination: '/product/juno-jacket', statusCode: 301 },
    });
  });

  it('serves a product without French texts under /produit/ at its English slug', async () => {
    expect(await open('fr', '/produit/beaumont-summit-kit')).toMatchObject({
      props: {
        product: { name: 'Beaumont Summit Kit' },
        alternates: { en: '/product/beaumont-summit-kit', fr: '/produit/beaumont-summit-kit' },
      },
    });
    expect(await open('fr', '/produit/no-such-product')).toEqual({ notFound: true });
  });

  it('answers 404 for an unpublished product at each of its addresses, in both languages', async () => {
    for (const [locale, url] of [
      ['en', '/product/kratos-gym-jacket'],
      ['fr', '/produit/veste-kratos'],
      ['fr', '/produit/kratos-gym-jacket'],
      ['en', '/product/veste-kratos'],
    ] as const) {
      expect(await open(locale, url)).toEqual({ notFound: true });
    }
    const [stored] = await store.getProductsByIds(['MJ09']);
    await store.upsertProducts([{ ...stored!, published: true }]);
    expect(await open('fr', '/produit/veste-kratos')).toMatchObject({
      props: { product: { name: 'Veste Kratos' } },
    });
    await store.upsertProducts([withdrawn]);
  });

  it('sends the language switch to the other language’s slug, keeping the query', () => {
    const alternates = { en: '/product/juno-jacket', fr: '/produit/veste-juno' };
    expect(equivalentPath('/product/juno-jacket?color=Black', 'fr', undefined, alternates)).toBe(
      '/produit/veste-juno?color=Black',
    );
  });
});
