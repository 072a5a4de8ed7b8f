/** One page of a list, in the engine's words (`protocol/` renames to `hits`, `nbHits`, `nbPages`). */
export interface Page<T> {
  readonly hits: readonly T[];
  readonly totalHits: number;
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

/**
 * Cuts `items` into pages: `paginate([a, b, c], 1, 2)` → `{ hits: [c], totalHits: 3, page: 1, pageSize: 2,
 * pageCount: 2 }`. A page past the end is empty; `pageSize` 0 gives no hits and no pages.
 * @param page - 0-based page number (≥ 0; protocol/ validates).
 * @param pageSize - items per page (≥ 0).
 */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const start = page * pageSize;
  return {
    hits: pageSize > 0 ? items.slice(start, start + pageSize) : [],
    totalHits: items.length,
    page,
    pageSize,
    pageCount: pageSize > 0 ? Math.ceil(items.length / pageSize) : 0,
  };
}
