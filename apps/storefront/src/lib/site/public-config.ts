/**
 * What the browser needs to reach the search service, handed to pages at request time (never baked in
 * at build time). Holds the search-only key, never the admin key.
 */
export interface PublicConfig {
  /** Origin of the search service (`http://localhost:7070`); `null` means hosted Algolia's own hosts. */
  readonly searchUrl: string | null;
  readonly appId: string;
  /** Search-only key; `null` until the search service has written it or it is configured. */
  readonly searchKey: string | null;
  readonly indexName: string;
}
