import { type CatalogueProduct, catalogueProductSchema } from './catalogue-product.ts';
import {
  type CatalogueReason,
  type CatalogueReasonParams,
  englishReasons,
  type ReasonFields,
  reasoned,
  reasonOfIssue,
} from './record-reasons.ts';

/**
 * One problem in an imported catalogue: which record (0-based index in `products`), which field, and why —
 * in English (`reason`) and as a code with its parameters, which the console translates.
 */
export interface CatalogueRecordError extends ReasonFields {
  readonly position: number;
  /** Dotted path inside the record (`variants.2.priceCents`); empty for the record as a whole. */
  readonly path: string;
  readonly reason: string;
}

export type CatalogueValidation =
  | { readonly ok: true; readonly products: CatalogueProduct[] }
  | {
      readonly ok: false;
      readonly message: string;
      /** The message's code and parameters. */
      readonly problem: CatalogueReason;
      readonly errors: CatalogueRecordError[];
    };

/** Errors beyond this many are counted in the message but not listed. */
export const maxListedErrors = 200;

/** Why a catalogue is refused: `1 of 4 products is invalid (3 problems); nothing was imported.` */
export function invalidCatalogueMessage(
  invalidRecords: number,
  total: number,
  problemCount: number,
): string {
  return englishReasons['catalogue.invalidRecords'](
    invalidCatalogueParams(invalidRecords, total, problemCount),
  );
}

export function invalidCatalogueParams(
  invalid: number,
  total: number,
  problems: number,
): CatalogueReasonParams['catalogue.invalidRecords'] {
  return { invalid, total, problems };
}

/** A record's schema problems, each with its path, code and English reason. */
export function schemaErrors(
  record: unknown,
  position: number,
): { product: CatalogueProduct } | { errors: CatalogueRecordError[] } {
  const result = catalogueProductSchema.safeParse(record, { reportInput: true });
  if (result.success) return { product: result.data };
  return {
    errors: result.error.issues.map((issue) => ({
      position,
      path: issue.path.map(String).join('.'),
      ...reasoned(reasonOfIssue(issue)),
    })),
  };
}

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
  if (!Array.isArray(products)) return refuse({ code: 'catalogue.notArray', params: {} }, []);
  if (products.length === 0) return refuse({ code: 'catalogue.empty', params: {} }, []);
  const errors: CatalogueRecordError[] = [];
  const valid: CatalogueProduct[] = [];
  products.forEach((record: unknown, position) => {
    const checked = schemaErrors(record, position);
    if ('product' in checked) valid.push(checked.product);
    else errors.push(...checked.errors);
    onProgress(position + 1, products.length);
  });
  if (errors.length === 0) errors.push(...findDuplicates(valid));
  if (errors.length === 0) return { ok: true, products: valid };
  const invalidRecords = new Set(errors.map((error) => error.position)).size;
  return refuse(
    {
      code: 'catalogue.invalidRecords',
      params: invalidCatalogueParams(invalidRecords, products.length, errors.length),
    },
    errors.slice(0, maxListedErrors),
  );
}

function refuse(problem: CatalogueReason, errors: CatalogueRecordError[]): CatalogueValidation {
  return { ok: false, message: reasoned(problem).reason, problem, errors };
}

const duplicateCodes = {
  id: 'duplicate.id',
  slug: 'duplicate.slug',
  frenchSlug: 'duplicate.frenchSlug',
  sku: 'duplicate.sku',
} as const;

function findDuplicates(products: readonly CatalogueProduct[]): CatalogueRecordError[] {
  const repeatsOf = duplicateFinder();
  return products.flatMap((product, position) => repeatsOf(product, position));
}

/**
 * Remembers the ids, slugs (per language) and SKUs of the records it is shown, in file order, and returns a
 * record's values that an earlier record already used. One finder per catalogue: `validateCatalogue` runs it
 * over an array, the storefront's streaming import over each record as it arrives.
 */
export function duplicateFinder(): (
  product: CatalogueProduct,
  position: number,
) => CatalogueRecordError[] {
  const seen = {
    id: new Map<string, number>(),
    slug: new Map<string, number>(),
    frenchSlug: new Map<string, number>(),
    sku: new Map<string, number>(),
  };
  return (product, position) => {
    const errors: CatalogueRecordError[] = [];
    const check = (kind: keyof typeof seen, value: string, path: string) => {
      const first = seen[kind].get(value);
      if (first === undefined) seen[kind].set(value, position);
      else {
        const reason = { code: duplicateCodes[kind], params: { value, firstPosition: first } };
        errors.push({ position, path, ...reasoned(reason) });
      }
    };
    check('id', product.id, 'id');
    check('slug', product.texts.en.slug, 'texts.en.slug');
    if (product.texts.fr) check('frenchSlug', product.texts.fr.slug, 'texts.fr.slug');
    product.variants.forEach((variant, index) => {
      check('sku', variant.sku, `variants.${index}.sku`);
    });
    return errors;
  };
}
