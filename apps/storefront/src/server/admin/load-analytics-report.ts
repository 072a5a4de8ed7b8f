import { type CatalogueProduct, type ProductLanguage, productText } from '@vitrine/catalogue';
import type { AnalyticsReport } from '../../lib/admin/analytics-report.ts';
import type { DateRange } from '../../lib/admin/date-range.ts';
import { type AnalyticsAccess, fetchAnalytics } from './analytics-api.ts';
import { buildAnalyticsReport, type ProductLookup } from './build-analytics-report.ts';

export interface LoadReportOptions {
  readonly access: AnalyticsAccess;
  readonly index: string;
  readonly range: DateRange;
  /** Reads the products of these ids (unknown ids are left out): never the whole catalogue. */
  readonly loadProducts: (ids: readonly string[]) => Promise<readonly CatalogueProduct[]>;
  /** The language of the page: products are named in it (English for those without texts in it). */
  readonly language?: ProductLanguage;
  readonly fetchFunction?: typeof fetch;
}

/**
 * Reads the Analytics API for a period and names the clicked and converted items from the catalogue.
 * @throws AnalyticsUnavailableError when the API cannot be read.
 */
export async function loadAnalyticsReport(options: LoadReportOptions): Promise<AnalyticsReport> {
  const answers = await fetchAnalytics(
    options.access,
    { index: options.index, from: options.range.from, to: options.range.to },
    options.fetchFunction,
  );
  const named = answers.topHits.hits.filter(
    (hit) => (hit.clickCount ?? 0) > 0 || (hit.conversionCount ?? 0) > 0,
  );
  const ids = [...new Set(named.flatMap((hit) => candidateProductIds(hit.hit)))];
  const lookup =
    ids.length > 0 ? productLookup(await options.loadProducts(ids), options.language) : () => null;
  return buildAnalyticsReport(answers, options.range, lookup);
}

/**
 * The product ids a record's objectID may stand for: `<productId>` or `<productId>-<colour>`, and ids and
 * colours may hold dashes themselves, so the objectID and each of its prefixes before a dash.
 */
function candidateProductIds(objectID: string): string[] {
  const ids = [objectID];
  for (let dash = objectID.indexOf('-'); dash > 0; dash = objectID.indexOf('-', dash + 1)) {
    ids.push(objectID.slice(0, dash));
  }
  return ids;
}

/** Maps each search record's objectID (`<productId>` or `<productId>-<colour>`) to its product. */
export function productLookup(
  products: readonly CatalogueProduct[],
  language: ProductLanguage = 'en',
): ProductLookup {
  const byObjectId = new Map<string, NonNullable<ReturnType<ProductLookup>>>();
  for (const product of products) {
    const { name, slug } = productText(product, language);
    byObjectId.set(product.id, { name, slug, color: null });
    for (const variant of product.variants) {
      if (variant.color === null) continue;
      byObjectId.set(`${product.id}-${variant.color}`, {
        name,
        slug,
        color: variant.color,
      });
    }
  }
  return (objectID) => byObjectId.get(objectID) ?? null;
}
