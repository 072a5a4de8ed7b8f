/**
 * Query-text consequences of rules: `params.query` as `{ remove }` (legacy) or `{ edits }`.
 */
import { ruleWords } from './normalize-for-rules.ts';
import type { QueryEdit, RuleQuery } from './rule.ts';

/**
 * The edits a rule's `params.query` asks for; a string query (a full replacement) and absence give none.
 * `{ remove: ["cheap"], edits: [{ type: "replace", delete: "tv", insert: "television" }] }` →
 * `[{ type: "remove", delete: "cheap" }, { type: "replace", delete: "tv", insert: "television" }]`.
 */
export function queryEditsOf(query: RuleQuery | undefined): QueryEdit[] {
  if (query === undefined || typeof query === 'string') return [];
  const removals = (query.remove ?? []).map(
    (word): QueryEdit => ({ type: 'remove', delete: word }),
  );
  return [...removals, ...(query.edits ?? [])];
}

/**
 * Applies edits in order to every occurrence of each `delete` phrase, comparing words after
 * `normalizeForRules` folding and keeping the other words as typed. When an edit applies, words are re-joined
 * with single spaces; when none does, the query comes back exactly as typed.
 * `editQuery("Cheap Télé  4K", [{ type: "remove", delete: "cheap" }, { type: "replace", delete: "tele",
 * insert: "television" }])` → `"television 4K"`.
 * @param queryText - the query as typed.
 * @param edits - `remove` deletes the phrase; `replace` puts `insert` (default `""`) in its place.
 */
export function editQuery(queryText: string, edits: readonly QueryEdit[]): string {
  let words = splitWords(queryText);
  let changed = false;
  for (const edit of edits) {
    const target = ruleWords(edit.delete);
    if (target.length === 0) continue;
    const edited = replacePhrase(
      words,
      target,
      edit.type === 'replace' ? splitWords(edit.insert ?? '') : [],
    );
    changed ||= edited !== words;
    words = edited;
  }
  return changed ? words.join(' ') : queryText;
}

function splitWords(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word !== '');
}

/**
 * `words` itself when the phrase does not occur, else a new array with every occurrence replaced. The phrase is
 * compared with the typed words' folded words (`t-shirt` → `t`, `shirt`) and matches whole typed words only.
 */
function replacePhrase(
  words: string[],
  target: readonly string[],
  insert: readonly string[],
): string[] {
  const parts = words.map(ruleWords);
  const result: string[] = [];
  let found = false;
  let index = 0;
  while (index < words.length) {
    const length = phraseLength(parts, index, target);
    if (length > 0) {
      result.push(...insert);
      index += length;
      found = true;
    } else {
      result.push(words[index] ?? '');
      index++;
    }
  }
  return found ? result : words;
}

/** How many typed words from `start` on spell exactly `target` (0: they do not). */
function phraseLength(
  parts: readonly (readonly string[])[],
  start: number,
  target: readonly string[],
): number {
  let matched = 0;
  let index = start;
  while (matched < target.length) {
    const part = parts[index];
    if (part === undefined || part.length === 0) return 0;
    for (const word of part) {
      if (word !== target[matched]) return 0;
      matched++;
    }
    index++;
  }
  return index - start;
}
