/**
 * Query-text consequences of rules: `params.query` as `{ remove }` (legacy) or `{ edits }`.
 */
import { normalizeForRules, ruleWords } from './normalize-for-rules.ts';
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

/** `words` itself when the phrase does not occur, else a new array with every occurrence replaced. */
function replacePhrase(
  words: string[],
  target: readonly string[],
  insert: readonly string[],
): string[] {
  const folded = words.map(normalizeForRules);
  const result: string[] = [];
  let found = false;
  let index = 0;
  while (index < words.length) {
    if (target.every((word, offset) => folded[index + offset] === word)) {
      result.push(...insert);
      index += target.length;
      found = true;
    } else {
      result.push(words[index] ?? '');
      index++;
    }
  }
  return found ? result : words;
}
