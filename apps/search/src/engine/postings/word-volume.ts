/**
 * How many postings entries a query word's dictionary words hold, counted once per list of dictionary words and
 * index state: expanded words share the word-match cache's lists (`expand-query.ts`), so a word typed again in
 * a later search finds its count here instead of reading one list header per dictionary word (hundreds for a
 * short prefix, each a likely cache miss). Pass 2 asks for it for each range it scores, and the caches of broad
 * words (`word-score-cache.ts`, `merged-postings.ts`) to tell a changed word.
 */
import type { ExpandedWord } from '../query/expanded-word.ts';
import type { TextIndex } from './text-index.ts';

interface Counted {
  readonly text: TextIndex;
  readonly appended: number;
  readonly volume: number;
}

/** Keyed by the list itself (never changed once made). */
const counted = new WeakMap<readonly number[], Counted>();

/** Postings entries (document, occurrence pairs) of `word`'s dictionary words, groups excluded. */
export function wordVolume(text: TextIndex, word: ExpandedWord): number {
  const appended = text.postingsAppended;
  const { termIds } = word;
  const known = counted.get(termIds);
  if (known !== undefined && known.text === text && known.appended === appended)
    return known.volume;
  let values = 0;
  for (let index = 0; index < termIds.length; index++)
    values += text.postingsList(termIds[index] ?? 0).length;
  const volume = values >>> 1;
  counted.set(termIds, { text, appended, volume });
  return volume;
}
