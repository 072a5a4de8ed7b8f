import type { CatalogueProduct } from '@vitrine/catalogue';
import type { Database } from '@vitrine/database';
import { type SQL, sql } from 'drizzle-orm';

type Executor = Database['orm'];

/** The merchant console's product list filters (issue #29): all optional, combined with AND. */
export interface ProductListFilter {
  /** The start of an id or a SKU, or part of an English or French name (case-insensitive). */
  readonly q: string;
  /** A category path or its start, as the console writes it: `Men > Tops`. */
  readonly category: string;
  readonly stock: 'all' | 'in' | 'out';
  readonly published: 'all' | 'published' | 'unpublished';
}

/**
 * One page of the list in id order, by keyset: the products after `after` (or before `before`, the page
 * read backwards), never an offset, so page 1,700 costs what page 2 does.
 */
export interface ProductListRequest extends ProductListFilter {
  readonly after?: string | undefined;
  readonly before?: string | undefined;
  readonly limit: number;
}

export interface ProductListPage {
  readonly products: CatalogueProduct[];
  /** How many products match the filter in all. */
  readonly total: number;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
}

export interface ProductListStore {
  /**
   * A page of the products matching a filter, and how many match. The page's products are read by key
   * (at most `limit + 1` ids, then their rows); the total of the unfiltered list, or of the published or
   * unpublished products alone, comes from counts each catalogue write keeps (`catalogue_state`), so those
   * views read no more at 100,000 products than at 1,000. A text, category or stock filter counts its
   * matches (one pass over the products' ids and names; see decision 0021).
   */
  listProductPage(request: ProductListRequest): Promise<ProductListPage>;
}

/** `%` and `_` typed by the merchant match themselves. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function conditionsOf(filter: ProductListFilter): SQL[] {
  const conditions: SQL[] = [];
  const q = filter.q.trim();
  if (q !== '') {
    // Ids and SKUs by their start, through indexes on lower(…); names by any part, one pass over the
    // name columns (not over each product's rows). The set is computed once per query.
    const part = `%${likeEscaped(q)}%`;
    const start = `${likeEscaped(q.toLowerCase())}%`;
    conditions.push(sql`p.id IN (
      SELECT id FROM products WHERE lower(id) LIKE ${start} OR name ILIKE ${part}
      UNION SELECT product_id FROM product_texts WHERE name ILIKE ${part}
      UNION SELECT product_id FROM variants WHERE lower(sku) LIKE ${start})`);
  }
  const category = filter.category.trim();
  if (category !== '') {
    conditions.push(sql`EXISTS (SELECT 1 FROM product_categories c WHERE c.product_id = p.id
      AND array_to_string(c.path, ' > ') LIKE ${`${likeEscaped(category)}%`})`);
  }
  if (filter.stock !== 'all') {
    const inStock = sql`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock > 0)`;
    conditions.push(filter.stock === 'in' ? inStock : sql`NOT ${inStock}`);
  }
  if (filter.published !== 'all') {
    conditions.push(filter.published === 'published' ? sql`p.published` : sql`NOT p.published`);
  }
  return conditions;
}

function whereOf(conditions: readonly SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join([...conditions], sql` AND `);
}

/** The rows of a query run in `tx` (both drivers answer `{ rows }`). */
async function rowsIn<TRow>(tx: Executor, query: SQL): Promise<TRow[]> {
  return ((await tx.execute(query)) as unknown as { rows: TRow[] }).rows;
}

export function createProductListStore(
  orm: Executor,
  readProductsIn: (tx: Executor, ids: readonly string[]) => Promise<CatalogueProduct[]>,
): ProductListStore {
  const countOf = async (
    tx: Executor,
    filter: ProductListFilter,
    conditions: readonly SQL[],
  ): Promise<number> => {
    const counted =
      filter.q.trim() !== '' || filter.category.trim() !== '' || filter.stock !== 'all';
    if (counted) {
      const [row] = await rowsIn<{ total: number }>(
        tx,
        sql`SELECT count(*)::int AS total FROM products p WHERE ${whereOf(conditions)}`,
      );
      return row?.total ?? 0;
    }
    const [state] = await rowsIn<{ products: number; published: number }>(
      tx,
      sql`SELECT product_count AS products, published_count AS published FROM catalogue_state`,
    );
    const products = state?.products ?? 0;
    const published = state?.published ?? 0;
    if (filter.published === 'published') return published;
    return filter.published === 'unpublished' ? products - published : products;
  };
  return {
    listProductPage: (request) =>
      orm.transaction(
        async (tx) => {
          const conditions = conditionsOf(request);
          const backwards = request.before !== undefined && request.after === undefined;
          const keyset = [...conditions];
          if (backwards) keyset.push(sql`p.id < ${request.before}`);
          else if (request.after !== undefined) keyset.push(sql`p.id > ${request.after}`);
          const found = await rowsIn<{ id: string }>(
            tx,
            sql`
            SELECT p.id FROM products p WHERE ${whereOf(keyset)}
            ORDER BY p.id ${backwards ? sql`DESC` : sql`ASC`} LIMIT ${request.limit + 1}`,
          );
          const more = found.length > request.limit;
          const ids = found.slice(0, request.limit).map((row) => row.id);
          if (backwards) ids.reverse();
          const products = ids.length === 0 ? [] : await readProductsIn(tx, ids);
          return {
            products,
            total: await countOf(tx, request, conditions),
            hasPrevious: backwards ? more : request.after !== undefined,
            hasNext: backwards ? true : more,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
  };
}
