import { type CatalogueProduct, catalogueProductSchema } from './catalogue-product.ts';

export interface RecordProblem {
  /** 1-based position of the record in the import. */
  readonly position: number;
  readonly id: string | undefined;
  readonly reason: string;
}

export type CatalogueValidation =
  | { readonly ok: true; readonly products: CatalogueProduct[] }
  | { readonly ok: false; readonly problems: RecordProblem[] };

/**
 * Validates an import: every record against `catalogueProductSchema`, plus unique ids and slugs. All or
 * nothing — a caller applies `products` only when `ok` is true.
 * `[{ id: 'A', … }, { id: 'A', … }]` → `{ ok: false, problems: [{ position: 2, reason: 'id or slug already used…' }] }`.
 * @param onProgress - called after each record with (done, total), for a progress bar.
 */
export function validateCatalogue(
  records: readonly unknown[],
  onProgress: (done: number, total: number) => void = () => {},
): CatalogueValidation {
  const problems: RecordProblem[] = [];
  const products: CatalogueProduct[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const position = index + 1;
    const result = catalogueProductSchema.safeParse(record);
    const rawId = (record as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' ? rawId : undefined;
    if (!result.success) {
      for (const issue of result.error.issues.slice(0, 3)) {
        problems.push({ position, id, reason: `${issue.path.join('.') || '(record)'}: ${issue.message}` });
      }
    } else {
      const duplicate = seen.get(`id:${result.data.id}`) ?? seen.get(`slug:${result.data.slug}`);
      if (duplicate !== undefined) {
        problems.push({ position, id, reason: `id or slug already used by the record at position ${duplicate}` });
      }
      seen.set(`id:${result.data.id}`, position);
      seen.set(`slug:${result.data.slug}`, position);
      products.push(result.data);
    }
    onProgress(position, records.length);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, products };
}
