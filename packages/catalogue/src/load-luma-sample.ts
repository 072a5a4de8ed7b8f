import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { CatalogueProduct, ProductText } from './catalogue-product.ts';
import { type LumaReviewRow, lumaToCatalogue } from './luma-to-catalogue.ts';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the storefront serves the Luma photos from (its `public/` folder). */
export const lumaImagesFolder = join(packageRoot, '../../apps/storefront/public/images/luma');

/**
 * Reads the bundled Luma sample (copied from the Magento sample data, OSL-3.0; photos under
 * MEDIA_LICENSE.txt) and converts it to our catalogue model. Server-side only (reads files).
 */
export function loadLumaSample(): CatalogueProduct[] {
  const dataFolder = join(packageRoot, 'data/luma');
  const raw: unknown = JSON.parse(
    readFileSync(join(dataFolder, 'products_normalized.json'), 'utf8'),
  );
  if (!Array.isArray(raw)) throw new Error('products_normalized.json must hold an array');
  const rows: Record<string, string>[] = parse(
    readFileSync(join(dataFolder, 'reviews.csv'), 'utf8'),
    {
      columns: true,
      skip_empty_lines: true,
    },
  );
  const reviews: LumaReviewRow[] = rows.map((row) => ({
    sku: row['sku'] ?? '',
    rating: Number(row['rating_value']),
    title: row['title'] ?? '',
    review: row['review'] ?? '',
    reviewer: row['reviewer'] ?? '',
  }));
  return lumaToCatalogue(raw, reviews, listImages(lumaImagesFolder), readFrenchTexts(dataFolder));
}

/**
 * The French name, slug and description of each sample product by SKU (`products_fr.json`, written for this
 * project; see FRENCH.md), or none while the file is absent. A malformed entry fails here, loudly.
 */
function readFrenchTexts(dataFolder: string): Record<string, ProductText> {
  const file = join(dataFolder, 'products_fr.json');
  if (!existsSync(file)) return {};
  const entries: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries))
    throw new Error('products_fr.json must hold an object keyed by SKU');
  return Object.fromEntries(
    Object.entries(entries).map(([sku, text]) => {
      const parsed = frenchEntrySchema.safeParse(text);
      if (!parsed.success)
        throw new Error(
          `products_fr.json: ${sku}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        );
      return [sku, parsed.data];
    }),
  );
}

const frenchEntrySchema = z.object({
  name: z.string().min(1),
  slug: z.string(),
  description: z.string(),
});

function listImages(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.jpg'))
    .map((file) => `/images/luma/${relative('.', file).split('\\').join('/')}`)
    .sort();
}
