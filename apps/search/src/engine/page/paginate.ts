/**
 * Which slice of the ranked list a search returns: `page`/`hitsPerPage` or `offset`/`length`, capped by
 * `paginationLimitedTo` (Algolia answers a page past the limit with no hits and a message, still HTTP 200).
 */

/** The slice of ranked positions to return. */
export interface PageWindow {
  /** First position (0-based). */
  readonly start: number;
  /** One past the last position, already capped by the pagination limit. */
  readonly end: number;
  readonly page: number;
  readonly pageSize: number;
  /** The requested slice starts past `paginationLimitedTo`. */
  readonly beyondLimit: boolean;
}

/** Parameters of {@link pageWindow}. */
export interface PageRequest {
  /** 0-based page; default 0. */
  readonly page?: number | undefined;
  /** 0–1,000 (0 = counts only). */
  readonly hitsPerPage: number;
  /** With `length`, replaces page/hitsPerPage. */
  readonly offset?: number | undefined;
  readonly length?: number | undefined;
  /** `paginationLimitedTo` (default 1,000, max 20,000); Infinity for browse. */
  readonly limit: number;
}

/** Computes the window; `{page: 2, hitsPerPage: 20, limit: 1000}` → positions 40–59. */
export function pageWindow(request: PageRequest): PageWindow {
  const useOffset = request.offset !== undefined && request.length !== undefined;
  const pageSize = Math.max(0, Math.floor(useOffset ? (request.length ?? 0) : request.hitsPerPage));
  const page = Math.max(0, Math.floor(request.page ?? 0));
  const start = useOffset ? Math.max(0, Math.floor(request.offset ?? 0)) : page * pageSize;
  const reportedPage = useOffset ? (pageSize > 0 ? Math.floor(start / pageSize) : 0) : page;
  const beyondLimit = pageSize > 0 && start >= request.limit;
  const end = beyondLimit ? start : Math.min(start + pageSize, request.limit);
  return { start, end, page: reportedPage, pageSize, beyondLimit };
}

/** `ceil(min(total, limit) / pageSize)`, 0 when `pageSize` is 0. */
export function pageCount(total: number, pageSize: number, limit: number): number {
  return pageSize > 0 ? Math.ceil(Math.min(total, limit) / pageSize) : 0;
}

/** Algolia's wording for a page past `paginationLimitedTo`. */
export function paginationLimitMessage(limit: number): string {
  return `you can only fetch the ${limit} hits for this query. You can extend the number of hits returned via the paginationLimitedTo index parameter or use the browse method.`;
}
