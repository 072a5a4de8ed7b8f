/** `disableTypoToleranceOnWords`: the query words that must match as typed. */
import { analyzeText } from '../text/analyze-text.ts';
import type { IndexSettings } from '../types.ts';

const none: readonly string[] = [];
const foldedTypoFreeWords = new WeakMap<readonly string[], ReadonlySet<string>>();

/** `disableTypoToleranceOnWords`, folded like query words (computed once per settings list). */
export function typoFreeWords(options: IndexSettings): ReadonlySet<string> {
  const list = options.disableTypoToleranceOnWords ?? none;
  let folded = foldedTypoFreeWords.get(list);
  if (folded === undefined) {
    folded = new Set(list.flatMap((entry) => analyzeText(entry).map((word) => word.term)));
    foldedTypoFreeWords.set(list, folded);
  }
  return folded;
}
