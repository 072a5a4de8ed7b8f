import { describeRule, type RuleWords, ruleTitle } from './describe-rule.ts';
import type { QueryRule } from './merchandising-rule.ts';
import { fromQueryRule } from './read-query-rule.ts';
import { fromAlgoliaSynonym, synonymSummary } from './synonym-entry.ts';

/** What an audit entry is about, as the log reads it (its subject, the state after the change or before it). */
export interface AuditedChange {
  readonly subject: 'rule' | 'synonym' | 'product';
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * The changed rule or synonym in words (`When the search is “jacket” — pins …`, `anorak → jacket`), read from
 * the state after the change, or before it for a deletion; `undefined` when there is nothing to say beyond
 * its id (a product, or a shape the console does not know).
 */
export function auditLabel(change: AuditedChange, words: RuleWords): string | undefined {
  const state = change.after ?? change.before;
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return undefined;
  const fields = state as Record<string, unknown>;
  if (change.subject === 'synonym') {
    const synonym = fromAlgoliaSynonym(fields);
    return synonym ? synonymSummary(synonym) : undefined;
  }
  if (change.subject !== 'rule' || typeof fields['objectID'] !== 'string') return undefined;
  try {
    const { draft, editable } = fromQueryRule(fields as QueryRule);
    return ruleTitle(describeRule(draft, editable, words, (objectID) => objectID));
  } catch {
    return undefined;
  }
}
