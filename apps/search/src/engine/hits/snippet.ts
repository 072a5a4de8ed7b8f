/**
 * Snippets (`attributesToSnippet: ["description:20"]`): a window of N words around the first match, with the
 * match highlighted and `snippetEllipsisText` where the text was cut. Without a match the first N words.
 */
import type { TokenizeOptions } from '../text/analyze-text.ts';
import type { SnippetValue } from '../types.ts';
import { type HighlightContext, markText, matchLevelOf, renderMarked } from './highlight.ts';

/** Default number of words of a snippet (Algolia's). */
export const defaultSnippetWords = 10;

/**
 * Parses one `attributesToSnippet` entry: `"description:20"` → `{ path: 'description', words: 20 }`,
 * `"name"` → 10 words.
 */
export function parseSnippetEntry(entry: string): { path: string; words: number } {
  const separator = entry.lastIndexOf(':');
  if (separator > 0) {
    const words = Number(entry.slice(separator + 1));
    if (Number.isInteger(words) && words >= 0) return { path: entry.slice(0, separator), words };
  }
  return { path: entry, words: defaultSnippetWords };
}

/**
 * Snippets one string value.
 * @param wordCount - N, the number of words kept.
 * @param ellipsis - `snippetEllipsisText` (default `…`).
 */
export function snippetText(
  text: string,
  context: HighlightContext,
  wordCount: number,
  ellipsis: string,
  tokenizeOptions?: TokenizeOptions,
): SnippetValue {
  const { tokens, matched } = markText(text, context, tokenizeOptions);
  const matchLevel = matchLevelOf(matched);
  if (tokens.length <= wordCount) {
    return { value: renderMarked(text, tokens, 0, text.length, context), matchLevel };
  }
  const firstMatch = Math.max(
    0,
    tokens.findIndex((token) => token.highlightEnd > token.start),
  );
  const first = Math.max(
    0,
    Math.min(firstMatch - Math.floor((wordCount - 1) / 2), tokens.length - wordCount),
  );
  const last = first + wordCount - 1;
  const from = first === 0 ? 0 : (tokens[first]?.start ?? 0);
  const to = last >= tokens.length - 1 ? text.length : (tokens[last]?.end ?? text.length);
  if (wordCount === 0) return { value: '', matchLevel };
  const body = renderMarked(text, tokens, from, to, context);
  return {
    value: `${first > 0 ? ellipsis : ''}${body}${last < tokens.length - 1 ? ellipsis : ''}`,
    matchLevel,
  };
}
