import type { NextApiRequest, NextApiResponse } from 'next';
import {
  matchesProductSearch,
  type ProductRow,
  productEditSchema,
  type StockFilter,
  toProductRow,
} from '../../lib/admin/product-edit.ts';
import { sendReply } from '../commerce/commerce-route.ts';
import { handleAdminImport } from '../http/admin-import.ts';
import { getRuntime } from '../runtime.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import { saveProductEdit } from './catalogue-service.ts';
import { type ConsoleHandler, handleConsoleRequest, queryParam } from './console-http.ts';

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

/**
 * `POST /api/admin/catalogue/import`: a catalogue file from the console, behind the merchant session and
 * the origin check, handed to the shop's own import endpoint (`handleAdminImport`: streamed, validated, the
 * same per-record error report as the CLI) with the admin key the browser never sees.
 */
export async function catalogueImportRoute(
  request: NextApiRequest,
  response: NextApiResponse,
): Promise<void> {
  const runtime = getRuntime();
  const adminKey = runtime.adminKey();
  const reply = await handleConsoleRequest(
    { method: request.method, headers: request.headers, query: request.query, body: undefined },
    { auth: getAdminRuntime().auth, now: Date.now() },
    {
      POST: async (_request, actor) => {
        const imported = await handleAdminImport(
          {
            method: request.method,
            url: request.url,
            headers: { ...request.headers, authorization: `Bearer ${adminKey ?? ''}` },
            body: request.iterator({ destroyOnReturn: false }),
          },
          { adminKey, importCatalogue: runtime.importCatalogue },
        );
        if (imported.status === 200) {
          await runtime.store.recordChanges([
            {
              actor: actor.name,
              subject: 'product',
              subjectId: 'catalogue file',
              action: 'update',
              before: null,
              after: imported.body,
            },
          ]);
        }
        return imported;
      },
    },
  );
  if (!request.readableEnded) request.resume();
  sendReply(response, reply);
}
