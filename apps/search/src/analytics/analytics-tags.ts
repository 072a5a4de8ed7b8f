/**
 * The Analytics API's `tags` parameter (Algolia's segments): the analytics of the searches sent with these
 * `analyticsTags`. Tags combine with `AND` and `OR` (`lang:en AND mobile OR lang:fr`: AND binds first); one tag
 * alone is that segment.
 *
 * The autocomplete panel's own searches carry the tag `autocomplete` besides their page's: they are keystrokes, not
 * shopper queries. A segment leaves them out unless it names `autocomplete` itself, so `tags=lang:en` gives the
 * English search pages' top searches without every prefix typed in the header box (decision 0018).
 */
import { SearchApiError } from '../protocol/search-api-error.ts';
import type { LoggedSearch } from '../store/analytics-queries.ts';

/** The tag the autocomplete panel adds to its own searches. */
export const autocompleteTag = 'autocomplete';

/** A parsed `tags` expression: any group whose tags the search all carries. */
export type TagSegment = readonly (readonly string[])[];

/** Longest accepted `tags` expression. */
const maxTagsLength = 1000;

/**
 * Reads `tags`; `undefined` when absent or blank.
 * @throws SearchApiError 400 when it is not one string, too long, or has an empty operand.
 */
export function readTags(value: unknown): TagSegment | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new SearchApiError(400, 'tags must be given once, as a string');
  if (value.length > maxTagsLength)
    throw new SearchApiError(400, `tags must be at most ${maxTagsLength} characters`);
  if (value.trim() === '') return undefined;
  const groups = value
    .split(/\s+OR\s+/)
    .map((group) => group.split(/\s+AND\s+/).map((tag) => tag.trim()));
  if (groups.some((group) => group.some((tag) => tag === '')))
    throw new SearchApiError(400, 'tags must be tags joined by AND or OR');
  return groups;
}

/** Whether a logged search belongs to the segment (see the module comment for `autocomplete`). */
export function inSegment(
  search: Pick<LoggedSearch, 'analyticsTags'>,
  segment: TagSegment,
): boolean {
  const tags = new Set(search.analyticsTags ?? []);
  if (tags.has(autocompleteTag) && !segment.some((group) => group.includes(autocompleteTag)))
    return false;
  return segment.some((group) => group.every((tag) => tags.has(tag)));
}
