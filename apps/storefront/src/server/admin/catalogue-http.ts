import {
  matchesProductSearch,
  type ProductRow,
  productEditSchema,
  type StockFilter,
  toProductRow,
} from '../../lib/admin/product-edit.ts';
import { getRuntime } from '../runtime.ts';
import { saveProductEdit } from './catalogue-service.ts';
import { type ConsoleHandler, queryParam } from './console-http.ts';

/** The most products one page of the catalogue lists. */
export const productPageSize = 60;

export interface ProductSearch {
  readonly q: string;
  readonly category: string;
  readonly stock: StockFilter;
}

export function productSearchOf(query: (name: string) => string | undefined): ProductSearch {
  const stock = query('stock');
  return {
    q: (query('q') ?? '').slice(0, 100),
    category: (query('category') ?? '').slice(0, 200),
    stock: stock === 'in' || stock === 'out' ? stock : 'all',
  };
}

/** The products matching a search, in id order, and how many match in all. */
export async function searchProducts(
  search: ProductSearch,
): Promise<{ products: ProductRow[]; total: number }> {
  const rows = (await getRuntime().store.loadProducts())
    .map(toProductRow)
    .filter((row) => matchesProductSearch(row, search));
  return { products: rows.slice(0, productPageSize), total: rows.length };
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
