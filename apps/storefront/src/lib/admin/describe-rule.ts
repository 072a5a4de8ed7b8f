import type { RuleDraft } from './merchandising-rule.ts';

/** The phrases a rule's description is made of, in the console's language (`messages.admin.rules.words`). */
export interface RuleWords {
  readonly query: (query: string, anchoring: string) => string;
  readonly category: (category: string) => string;
  readonly other: string;
  readonly pin: (product: string, position: number) => string;
  readonly hide: (product: string) => string;
  readonly boost: (filter: string) => string;
  readonly bury: (filter: string) => string;
  readonly banner: (title: string) => string;
  readonly redirect: (url: string) => string;
  readonly facetOrder: (facets: string) => string;
  readonly validity: (from: string, until: string) => string;
  readonly unchanged: string;
}

/**
 * A rule in words: its condition, then each consequence (`Pins "Juno Jacket" at position 1`). `productName`
 * names a record (its objectID when the catalogue no longer has it).
 */
export function describeRule(
  draft: RuleDraft,
  editable: boolean,
  words: RuleWords,
  productName: (objectID: string) => string,
): { condition: string; consequences: string[] } {
  const trigger = draft.trigger;
  const condition = !editable
    ? words.other
    : trigger.kind === 'query'
      ? words.query(trigger.query, trigger.anchoring)
      : words.category(trigger.category);
  const consequences = [
    ...[...draft.pins]
      .sort((a, b) => a.position - b.position)
      .map((pin) => words.pin(productName(pin.objectID), pin.position + 1)),
    // A product is hidden in every colour: named once, not once per colour record.
    ...[...new Set(draft.hidden.map(productName))].map((name) => words.hide(name)),
    ...draft.boosts.map((effect) => words.boost(`${effect.attribute} = ${effect.value}`)),
    ...draft.buries.map((effect) => words.bury(`${effect.attribute} = ${effect.value}`)),
    ...(draft.banner
      ? [words.banner(draft.banner.title.en || draft.banner.title.fr || draft.banner.image)]
      : []),
    ...(draft.redirect ? [words.redirect(draft.redirect)] : []),
    ...(draft.facetOrder.length > 0 ? [words.facetOrder(draft.facetOrder.join(', '))] : []),
    ...(draft.validity
      ? [words.validity(readableDate(draft.validity.from), readableDate(draft.validity.until))]
      : []),
  ];
  return { condition, consequences: consequences.length > 0 ? consequences : [words.unchanged] };
}

/**
 * A rule's title in words, for headings and the names of its buttons: its condition and its first two
 * effects (`When the search is “jacket” — pins Juno Jacket at position 1, hides Augusta Jacket`), so the
 * merchant never has to read its id.
 */
export function ruleTitle(description: { condition: string; consequences: string[] }): string {
  const { condition, consequences } = description;
  const shown = consequences.slice(0, 2).join(', ');
  return `${condition} — ${shown}${consequences.length > 2 ? ', …' : ''}`;
}

/**
 * Rules that compete for the same searches (both enabled; the same category, or query patterns that would
 * match the same query words): the search service applies the one of higher precedence and drops the other
 * there, so the merchant is told. Returns, per rule id, the ids it overlaps.
 */
export function findOverlaps(rules: readonly RuleDraft[]): Map<string, string[]> {
  const overlaps = new Map<string, string[]>();
  const enabled = rules.filter((rule) => rule.enabled && rule.objectID);
  for (const [index, rule] of enabled.entries()) {
    for (const other of enabled.slice(index + 1)) {
      if (!overlap(rule, other)) continue;
      const a = rule.objectID ?? '';
      const b = other.objectID ?? '';
      overlaps.set(a, [...(overlaps.get(a) ?? []), b]);
      overlaps.set(b, [...(overlaps.get(b) ?? []), a]);
    }
  }
  return overlaps;
}

function words(text: string): string[] {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').split(/\s+/).filter(Boolean);
}

function overlap(a: RuleDraft, b: RuleDraft): boolean {
  if (a.trigger.kind === 'category' || b.trigger.kind === 'category') {
    return (
      a.trigger.kind === 'category' &&
      b.trigger.kind === 'category' &&
      a.trigger.category === b.trigger.category
    );
  }
  const left = words(a.trigger.query);
  const right = words(b.trigger.query);
  if (a.trigger.anchoring === 'is' && b.trigger.anchoring === 'is') {
    return left.join(' ') === right.join(' ');
  }
  if (a.trigger.anchoring === 'is') return contains(left, right);
  if (b.trigger.anchoring === 'is') return contains(right, left);
  // Two open patterns meet (and conflict) in a search where they match the same word.
  return left.some((word) => right.includes(word));
}

/** Whether the word sequence `part` occurs in `whole`. */
function contains(whole: readonly string[], part: readonly string[]): boolean {
  for (let start = 0; start + part.length <= whole.length; start += 1) {
    if (part.every((word, offset) => whole[start + offset] === word)) return true;
  }
  return false;
}

/** `2026-12-24T00:00` → `2026-12-24 00:00`. */
export function readableDate(date: string): string {
  return date.replace('T', ' ');
}
