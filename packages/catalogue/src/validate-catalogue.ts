import { type CatalogueProduct, catalogueProductSchema } from './catalogue-product.ts';

/** One problem in an imported catalogue: which record (0-based index in `products`), which field, and why. */
export interface CatalogueRecordError {
  readonly position: number;
  /** Dotted path inside the record (`variants.2.priceCents`); empty for the record as a whole. */
  readonly path: string;
  readonly reason: string;
}

export type CatalogueValidation =
  | { readonly ok: true; readonly products: CatalogueProduct[] }
  | { readonly ok: false; readonly message: string; readonly errors: CatalogueRecordError[] };

/** Errors beyond this many are counted in the message but not listed. */
const maxListedErrors = 200;

/**
 * Checks a whole catalogue before anything is written: every record against `catalogueProductSchema`,
 * and ids, slugs and SKUs for duplicates across records. All problems are reported, not only the first.
 * Shared by the storefront's import route and `npm run import` (which shows `onProgress` as a progress bar).
 * @param products - the `products` value of an import body; anything that is not an array is refused.
 */
export function validateCatalogue(
  products: unknown,
  onProgress: (done: number, total: number) => void = () => {},
): CatalogueValidation {
  if (!Array.isArray(products)) {
    return refuse(
      'The body must be a JSON object {"products": [...]} holding an array of products.',
      [],
    );
  }
  if (products.length === 0) return refuse('The catalogue holds no products.', []);
  const errors: CatalogueRecordError[] = [];
  const valid: CatalogueProduct[] = [];
  products.forEach((record: unknown, position) => {
    const result = catalogueProductSchema.safeParse(record);
    if (result.success) valid.push(result.data);
    else {
      for (const issue of result.error.issues) {
        errors.push({ position, path: issue.path.map(String).join('.'), reason: issue.message });
      }
    }
    onProgress(position + 1, products.length);
  });
  if (errors.length === 0) errors.push(...findDuplicates(valid));
  if (errors.length === 0) return { ok: true, products: valid };
  const invalidRecords = new Set(errors.map((error) => error.position)).size;
  const verb = invalidRecords === 1 ? 'is' : 'are';
  const problems = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
  return refuse(
    `${invalidRecords} of ${products.length} products ${verb} invalid (${problems}); nothing was imported.`,
    errors.slice(0, maxListedErrors),
  );
}

function refuse(message: string, errors: CatalogueRecordError[]): CatalogueValidation {
  return { ok: false, message, errors };
}

const duplicateNames = {
  id: 'id',
  slug: 'English slug',
  frenchSlug: 'French slug',
  sku: 'sku',
} as const;

function findDuplicates(products: readonly CatalogueProduct[]): CatalogueRecordError[] {
  const errors: CatalogueRecordError[] = [];
  const seen = {
    id: new Map<string, number>(),
    slug: new Map<string, number>(),
    frenchSlug: new Map<string, number>(),
    sku: new Map<string, number>(),
  };
  const check = (kind: keyof typeof seen, value: string, position: number, path: string) => {
    const first = seen[kind].get(value);
    if (first === undefined) seen[kind].set(value, position);
    else
      errors.push({
        position,
        path,
        reason: `duplicate ${duplicateNames[kind]} "${value}" (already used at position ${first})`,
      });
  };
  products.forEach((product, position) => {
    check('id', product.id, position, 'id');
    check('slug', product.texts.en.slug, position, 'texts.en.slug');
    if (product.texts.fr) check('frenchSlug', product.texts.fr.slug, position, 'texts.fr.slug');
    product.variants.forEach((variant, index) => {
      check('sku', variant.sku, position, `variants.${index}.sku`);
    });
  });
  return errors;
}
