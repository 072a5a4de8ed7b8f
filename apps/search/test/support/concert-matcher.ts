import type { Concert } from './concerts.ts';

/** Lower-case words with accents folded (docs/api.md §3.5), split on anything that is not a letter or a digit. */
export const foldedWords = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The text of each searchable attribute of `concertSettings`, by attribute name. */
export const searchableTexts = (concert: Concert): Record<string, string> => ({
  title: concert.title,
  'performers.name': concert.performers.map((performer) => performer.name).join(' '),
  'venue.name': concert.venue.name,
  'venue.address.city': concert.venue.address.city,
  description: concert.description,
});

/**
 * prefixLast without typos (the settings turn typos off): every query word but the last matches a whole word of
 * one of `attributes` (all searchable ones by default), the last one a word prefix.
 */
export function matchesQuery(
  concert: Concert,
  query: string,
  attributes: readonly string[] = Object.keys(searchableTexts(concert)),
): boolean {
  const texts = searchableTexts(concert);
  const text = attributes.flatMap((attribute) => foldedWords(texts[attribute] ?? ''));
  const terms = foldedWords(query);
  return terms.every((term, at) =>
    at === terms.length - 1 ? text.some((word) => word.startsWith(term)) : text.includes(term),
  );
}

/** The record reduced to the dot paths asked for, as `attributesToRetrieve` documents (arrays mapped item by item). */
export function project(record: unknown, paths: readonly string[]): unknown {
  const pick = (value: unknown, segments: readonly string[]): unknown => {
    if (segments.length === 0) return value;
    if (Array.isArray(value)) return value.map((item) => pick(item, segments));
    if (typeof value !== 'object' || value === null) return undefined;
    const [head = '', ...rest] = segments;
    if (!(head in value)) return undefined;
    const inner = pick((value as Record<string, unknown>)[head], rest);
    return inner === undefined ? undefined : { [head]: inner };
  };
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(from)) {
      const existing = into[key];
      if (
        typeof existing === 'object' &&
        existing !== null &&
        !Array.isArray(existing) &&
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value)
      )
        merge(existing as Record<string, unknown>, value as Record<string, unknown>);
      else into[key] = value;
    }
  };
  const result: Record<string, unknown> = {};
  for (const path of paths) {
    const picked = pick(record, path.split('.'));
    if (picked !== undefined) merge(result, picked as Record<string, unknown>);
  }
  return result;
}
