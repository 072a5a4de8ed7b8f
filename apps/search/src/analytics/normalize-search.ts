/**
 * The text searches are grouped by: trimmed, lowercased, inner runs of white space collapsed to one space, so
 * `"  Red  Shoes "` and `"red shoes"` count as one search.
 */
export function normalizeSearch(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}
