import { label } from '@vitrine/catalogue/labels';
import type { Locale } from '../../i18n/locale.ts';

/**
 * Searching a facet's values in the page's language.
 *
 * The index stores facet values as language-neutral English keys (`colors: ["Black"]`): refinements, URLs
 * and the FR⇄EN switch stay the same in both languages, and the storefront shows each key's label from
 * `labels.ts`. Algolia's "search for facet values" matches the indexed strings, so on /recherche "noir"
 * would find nothing there. A merchant in that situation searches the labels where they are — in the
 * page: every search response already carries the facet's values with their counts for the current query
 * and filters (up to `maxValuesPerFacet`, 50 here, more than any of our facets has), which is exactly what
 * the service's facet search would count. So on the French page the typed text is matched against the
 * French labels of those values, with no extra request; the English page keeps the service's facet search
 * (its values are its labels). Indexing a localized copy of each facet (`colors_fr`, …) is what one would
 * do for facets with thousands of values; it would double every facet attribute and need the French label
 * mapped back to the key on each refinement, for no gain at this size.
 */

/** A facet value as the search response gives it. */
export interface FacetValue {
  readonly value: string;
  readonly count: number;
  readonly isRefined: boolean;
}

/** A value whose label matches, with the label split into plain and matching parts for highlighting. */
export interface LabelMatch extends FacetValue {
  readonly label: string;
  readonly parts: readonly { readonly text: string; readonly highlighted: boolean }[];
}

/**
 * The values whose label in `locale` contains `query`, ignoring case and accents (`ecru` finds `Écru`),
 * those whose label starts with it first, then by count. An empty query matches nothing.
 */
export function matchFacetLabels(
  values: readonly FacetValue[],
  query: string,
  locale: Locale,
): LabelMatch[] {
  const needle = foldText(query.trim());
  if (needle.text === '') return [];
  const matches: (LabelMatch & { readonly at: number })[] = [];
  for (const value of values) {
    const text = label(value.value, locale);
    const folded = foldText(text);
    const at = folded.text.indexOf(needle.text);
    if (at === -1) continue;
    // Back from folded positions to the label's own characters.
    const start = folded.source[at] ?? 0;
    const end = folded.source[at + needle.text.length] ?? text.length;
    const parts = [
      { text: text.slice(0, start), highlighted: false },
      { text: text.slice(start, end), highlighted: true },
      { text: text.slice(end), highlighted: false },
    ].filter((part) => part.text !== '');
    matches.push({ ...value, label: text, parts, at });
  }
  return matches
    .sort((a, b) => Number(a.at !== 0) - Number(b.at !== 0) || b.count - a.count)
    .map(({ at: _at, ...match }) => match);
}

/**
 * Lower case without diacritics, with, for each folded character, the index of the character of `text` it
 * comes from (plus one past the end), so that a match can be highlighted in the original label.
 */
function foldText(text: string): { text: string; source: number[] } {
  let folded = '';
  const source: number[] = [];
  let index = 0;
  for (const char of text) {
    const plain = char
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
    for (let i = 0; i < plain.length; i++) source.push(index);
    folded += plain;
    index += char.length;
  }
  source.push(index);
  return { text: folded, source };
}
