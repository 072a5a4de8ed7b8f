import type { CatalogueProduct } from '@vitrine/catalogue';
import type { Database } from '@vitrine/database';
import { type SQL, sql } from 'drizzle-orm';
import { mergePendingTrigrams } from './trigram-pending-lists.ts';

type Executor = Database['orm'];

/** The merchant console's product list filters (issue #29): all optional, combined with AND. */
export interface ProductListFilter {
  /**
   * Any part of an id, a SKU or an English or French name, case-insensitive (`MJ12`, `-XL-`, `juno`); under
   * three characters, the start of an id or a SKU (a trigram index cannot narrow shorter parts).
   */
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

/** A filtered view counts its matches up to this many, then says "1,000+" (as Shopify and Algolia do). */
export const countedMatchesCap = 1_000;

export interface ProductListPage {
  readonly products: CatalogueProduct[];
  /** How many products match the filter in all; at least this many when `totalIsAtLeast`. */
  readonly total: number;
  /** True when a filtered view found more than `countedMatchesCap` matches and stopped counting. */
  readonly totalIsAtLeast: boolean;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
}

export interface ProductListStore {
  /**
   * A page of the products matching a filter, and how many match. The page's products are read by key
   * (at most `limit + 1` ids, then their rows); the total of the unfiltered list, or of the published or
   * unpublished products alone, comes from counts each catalogue write keeps (`catalogue_state`), so those
   * views read no more at 100,000 products than at 1,000. A text, category or stock filter reads its
   * matches through an index (trigrams, category paths, the out-of-stock products) and counts them up to
   * `countedMatchesCap` (decision 0027).
   */
  listProductPage(request: ProductListRequest): Promise<ProductListPage>;
}

/** `%` and `_` typed by the merchant match themselves. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Parts this long or longer are looked up in the trigram indexes (pg_trgm indexes three-letter runs). */
const shortestPart = 3;

/**
 * `p.id = ANY (ARRAY(…))`: a filter's matching ids are read first, through the index that serves `set`,
 * then the primary key is walked among them in id order. Without the array the planner may walk the primary
 * key in id order hoping to meet matches early, which reads most of the catalogue when they sit late in id
 * order (ids often follow categories: `WJ…` are women's jackets); a semi-join reads the products table.
 */
function amongIds(set: SQL): SQL {
  return sql`p.id = ANY (ARRAY(${set}))`;
}

function textCondition(q: string): SQL {
  if (q.length < shortestPart) {
    const start = `${likeEscaped(q.toLowerCase())}%`;
    return amongIds(sql`SELECT id FROM products WHERE lower(id) LIKE ${start}
      UNION SELECT product_id FROM variants WHERE lower(sku) LIKE ${start}`);
  }
  // One arm per trigram index (migration: `*_trgm_idx`), so that each can use its own.
  const part = `%${likeEscaped(q)}%`;
  return amongIds(sql`SELECT id FROM products WHERE id ILIKE ${part}
    UNION SELECT id FROM products WHERE name ILIKE ${part}
    UNION SELECT product_id FROM product_texts WHERE name ILIKE ${part}
    UNION SELECT product_id FROM variants WHERE sku ILIKE ${part}`);
}

function conditionsOf(filter: ProductListFilter): SQL[] {
  const conditions: SQL[] = [];
  const q = filter.q.trim();
  if (q !== '') conditions.push(textCondition(q));
  const category = filter.category.trim();
  if (category !== '') {
    // `category_path_text` is the expression `product_categories_path_text_idx` holds.
    conditions.push(
      amongIds(sql`SELECT product_id FROM product_categories
        WHERE category_path_text(path) LIKE ${`${likeEscaped(category)}%`}`),
    );
  }
  if (filter.stock !== 'all') {
    conditions.push(filter.stock === 'in' ? sql`p.in_stock` : sql`NOT p.in_stock`);
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
  ): Promise<{ total: number; totalIsAtLeast: boolean }> => {
    const counted =
      filter.q.trim() !== '' || filter.category.trim() !== '' || filter.stock !== 'all';
    if (counted) {
      // Stops at one more than the cap: enough to tell "1,000" from "1,000+".
      const [row] = await rowsIn<{ total: number }>(
        tx,
        sql`SELECT count(*)::int AS total FROM (
          SELECT 1 FROM products p WHERE ${whereOf(conditionsOf(filter))} LIMIT ${countedMatchesCap + 1}) AS matches`,
      );
      const total = row?.total ?? 0;
      return total > countedMatchesCap
        ? { total: countedMatchesCap, totalIsAtLeast: true }
        : { total, totalIsAtLeast: false };
    }
    const [state] = await rowsIn<{ products: number; published: number }>(
      tx,
      sql`SELECT product_count AS products, published_count AS published FROM catalogue_state`,
    );
    const products = state?.products ?? 0;
    const published = state?.published ?? 0;
    const total =
      filter.published === 'published'
        ? published
        : filter.published === 'unpublished'
          ? products - published
          : products;
    return { total, totalIsAtLeast: false };
  };
  return {
    listProductPage: async (request) => {
      if (request.q.trim().length >= shortestPart) await mergePendingTrigrams(orm);
      return orm.transaction(
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
            ...(await countOf(tx, request)),
            hasPrevious: backwards ? more : request.after !== undefined,
            hasNext: backwards ? true : more,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
