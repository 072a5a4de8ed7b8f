import type { CatalogueProduct } from '@vitrine/catalogue';
import { type JsonRows, jsonRowsOf } from './json-insert.ts';
import { type ProductRows, toRows } from './product-rows.ts';
import {
  productCategories,
  productImages,
  productLinks,
  productReviews,
  products,
  productTexts,
  variants,
} from './schema.ts';

/** Where a product is in the file it came from: its 0-based position and the line it starts on. */
export interface RecordPlace {
  readonly position: number;
  readonly line: number;
}

/**
 * A batch of products as the store writes it: their ids, where each is in the file, and the rows of each
 * table as JSON (`JsonRows`). Plain data, so that the JavaScript half of an import (rows, content hashes,
 * JSON) can run in a worker thread while the database writes the previous batch.
 */
export interface ImportBatch {
  readonly ids: readonly string[];
  /** `places[i]` is where `ids[i]` is in the file; empty when the products come from no file. */
  readonly places: readonly RecordPlace[];
  readonly rows: { readonly [Table in keyof ProductRows]: JsonRows | undefined };
}

export function prepareImportBatch(
  catalogue: readonly CatalogueProduct[],
  places: readonly RecordPlace[] = [],
): ImportBatch {
  const rows = toRows(catalogue);
  return {
    ids: catalogue.map((product) => product.id),
    places,
    rows: {
      products: jsonRowsOf(products, rows.products),
      texts: jsonRowsOf(productTexts, rows.texts),
      categories: jsonRowsOf(productCategories, rows.categories),
      variants: jsonRowsOf(variants, rows.variants),
      images: jsonRowsOf(productImages, rows.images),
      reviews: jsonRowsOf(productReviews, rows.reviews),
      links: jsonRowsOf(productLinks, rows.links),
    },
  };
}
