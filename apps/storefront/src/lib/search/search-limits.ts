/** Longest query the search box accepts; the search service refuses queries over 512 bytes too. */
export const maxQueryLength = 512;
