import type { Database } from '@vitrine/database';
import { and, asc, eq, gt } from 'drizzle-orm';
import { products, productTexts } from './schema.ts';

type Executor = Database['orm'];

/** A product's brand and its names, what the Query Suggestions seeds count (`catalogue-seeds.ts`). */
export interface ProductNames {
  readonly id: string;
  readonly brand: string;
  /** Shoppers see it (an unpublished product seeds nothing). */
  readonly published: boolean;
  readonly names: { readonly en: string; readonly fr?: string | undefined };
}

export interface ProductNamesRequest {
  /** Products after this id (id order); from the first when absent. */
  readonly after?: string | undefined;
  readonly limit: number;
}

/**
 * A page of products' brands and names, in id order: one query on the products and their French texts, by
 * key. Reading whole products (seven tables, then building each product) to count seeds took the storefront's
 * thread for about 15 s of CPU at 20,000 products right after its index sync, while pages waited.
 */
export function createProductNamesReader(orm: Executor) {
  return async (request: ProductNamesRequest): Promise<ProductNames[]> => {
    const rows = await orm
      .select({
        id: products.id,
        brand: products.brand,
        published: products.published,
        en: products.name,
        fr: productTexts.name,
      })
      .from(products)
      .leftJoin(
        productTexts,
        and(eq(productTexts.productId, products.id), eq(productTexts.language, 'fr')),
      )
      .where(request.after === undefined ? undefined : gt(products.id, request.after))
      .orderBy(asc(products.id))
      .limit(request.limit);
    return rows.map((row) => ({
      id: row.id,
      brand: row.brand,
      published: row.published,
      names: row.fr === null ? { en: row.en } : { en: row.en, fr: row.fr },
    }));
  };
}
