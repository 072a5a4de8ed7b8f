import { facetValueOf } from '@vitrine/catalogue/labels';
import { type ProductRow, productEditSchema, toProductRow } from '../../lib/admin/product-edit.ts';
import { getRuntime } from '../runtime.ts';
import type { ProductListFilter } from '../store/product-list.ts';
import { saveProductEdit } from './catalogue-service.ts';
import { type ConsoleHandler, queryParam } from './console-http.ts';

/** The most products one page of the catalogue lists. */
export const productPageSize = 60;

/** The catalogue page's filters and place, as its address carries them (`?q=&category=&stock=&published=&page=&after=`). */
export interface ProductSearch extends ProductListFilter {
  /** The page's number, counted from 1 (shown as "Page 2 of 1,700"; the keyset says which products). */
  readonly page: number;
  /** The list continues after this id (the "Next" link) or, read backwards, before it ("Previous"). */
  readonly after: string | null;
  readonly before: string | null;
}

const filterValue = <TValue extends string>(
  given: string | undefined,
  values: readonly TValue[],
): TValue => values.find((value) => value === given) ?? (values[0] as TValue);

/** The search an address asks for; anything unreadable falls back to the whole list's first page. */
export function productSearchOf(query: (name: string) => string | undefined): ProductSearch {
  const page = Number(query('page'));
  const id = (name: string) => {
    const value = query(name);
    return value && value.length <= 64 ? value : null;
  };
  const after = id('after');
  return {
    q: (query('q') ?? '').slice(0, 100),
    category: (query('category') ?? '').slice(0, 200),
    stock: filterValue(query('stock'), ['all', 'in', 'out'] as const),
    published: filterValue(query('published'), ['all', 'published', 'unpublished'] as const),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    after,
    before: after === null ? id('before') : null,
  };
}

/**
 * The category path the store holds for what the merchant typed: each whole segment, English or French, in
 * any case, becomes its key (`femme > hauts` → `Women > Tops`); an unfinished last segment stays as typed.
 */
export function storedCategoryPath(typed: string): string {
  return typed
    .split('>')
    .map((segment) => facetValueOf(segment.trim()))
    .join(' > ');
}

export interface ProductListAnswer {
  readonly products: ProductRow[];
  readonly total: number;
  /** The filter matches more than `total` products (it stopped counting: shown as "1,000+"). */
  readonly totalIsAtLeast: boolean;
  /** The page's number, counted from 1, and how many pages the filter fills (at least, with `totalIsAtLeast`). */
  readonly page: number;
  readonly pages: number;
  /** The keysets of the neighbouring pages, `null` at either end. */
  readonly previous: string | null;
  readonly next: string | null;
}

/** A page of the products matching a search, in id order, read from the store by keyset, and the total. */
export async function searchProducts(search: ProductSearch): Promise<ProductListAnswer> {
  const found = await getRuntime().store.listProductPage({
    ...search,
    category: storedCategoryPath(search.category),
    after: search.after ?? undefined,
    before: search.before ?? undefined,
    limit: productPageSize,
  });
  const pages = Math.max(1, Math.ceil(found.total / productPageSize));
  const products = found.products.map(toProductRow);
  return {
    products,
    total: found.total,
    totalIsAtLeast: found.totalIsAtLeast,
    // Read backwards to the first page: it is page 1, whatever the address said.
    page: !found.hasPrevious
      ? 1
      : found.totalIsAtLeast
        ? search.page
        : Math.min(search.page, pages),
    pages,
    previous: found.hasPrevious ? (products[0]?.id ?? null) : null,
    next: found.hasNext ? (products.at(-1)?.id ?? null) : null,
  };
}

export const listProductsHandler: ConsoleHandler = async (request) => ({
  status: 200,
  headers: { 'cache-control': 'no-store' },
  body: await searchProducts(productSearchOf((name) => queryParam(request, name))),
});

export const editProductHandler: ConsoleHandler = async (request, actor) => {
  const edit = productEditSchema.parse(request.body);
  const { product, outcome } = await saveProductEdit(getRuntime(), edit, actor.name);
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: { product: toProductRow(product), search: 'search' in outcome ? outcome.search : null },
  };
};
