/**
 * How many postings entries a query word's dictionary words hold, counted once per expanded word (one search:
 * expanded words are built per search) and index state: pass 2 asks for it for each range it scores (the scored
 * prefix, the rest, the exact holders), and summing it reads one list header per dictionary word (hundreds for
 * a short prefix, each a likely cache miss).
 */
import type { ExpandedWord } from './expand-query.ts';
import type { TextIndex } from './text-index.ts';

interface Counted {
  readonly text: TextIndex;
  readonly appended: number;
  readonly volume: number;
}

const counted = new WeakMap<ExpandedWord, Counted>();

/** Postings entries (document, occurrence pairs) of `word`'s dictionary words, groups excluded. */
export function wordVolume(text: TextIndex, word: ExpandedWord): number {
  const appended = text.postingsAppended;
  const known = counted.get(word);
  if (known !== undefined && known.text === text && known.appended === appended)
    return known.volume;
  let values = 0;
  const { termIds } = word;
  for (let index = 0; index < termIds.length; index++)
    values += text.postingsList(termIds[index] ?? 0).length;
  const volume = values >>> 1;
  counted.set(word, { text, appended, volume });
  return volume;
}
