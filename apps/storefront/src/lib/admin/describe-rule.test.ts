import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../i18n/messages.ts';
import { describeRule, findOverlaps, ruleTitle } from './describe-rule.ts';
import { type RuleDraft, ruleDraftSchema } from './merchandising-rule.ts';

function rule(objectID: string, trigger: unknown, fields: Record<string, unknown> = {}): RuleDraft {
  return ruleDraftSchema.parse({ objectID, trigger, ...fields });
}

describe('a rule in words', () => {
  it('says its condition and each consequence, in the console’s language', () => {
    const draft = rule(
      'r1',
      { kind: 'query', query: 'jacket', anchoring: 'is' },
      {
        pins: [{ objectID: 'MJ01', position: 0 }],
        hidden: ['MJ02'],
        buries: [{ attribute: 'sale', value: 'true' }],
      },
    );
    const names = (id: string) => (id === 'MJ01' ? 'Juno Jacket' : id);
    expect(describeRule(draft, true, messagesFor('en').admin.console.rules.words, names)).toEqual({
      condition: 'When the search is “jacket”',
      consequences: ['pins Juno Jacket at position 1', 'hides MJ02', 'buries sale = true'],
    });
    expect(
      describeRule(draft, true, messagesFor('fr').admin.console.rules.words, names).condition,
    ).toBe('Quand la recherche est « jacket »');
  });
});

describe('a rule’s title', () => {
  it('names the rule by its condition and first effects, never by its id', () => {
    const draft = rule(
      'console-3f9a1c',
      { kind: 'query', query: 'jacket', anchoring: 'is' },
      {
        pins: [{ objectID: 'MJ01', position: 0 }],
        hidden: ['MJ02'],
        buries: [{ attribute: 'sale', value: 'true' }],
      },
    );
    const names = (id: string) => (id === 'MJ01' ? 'Juno Jacket' : 'Augusta Jacket');
    const words = (language: 'en' | 'fr') => messagesFor(language).admin.console.rules.words;
    expect(ruleTitle(describeRule(draft, true, words('en'), names))).toBe(
      'When the search is “jacket” — pins Juno Jacket at position 1, hides Augusta Jacket, …',
    );
    const category = rule('console-77', { kind: 'category', category: 'Men > Tops' });
    expect(ruleTitle(describeRule(category, true, words('fr'), names))).toBe(
      'Sur la page de catégorie Men > Tops — ne change encore rien',
    );
  });
});

describe('a rule hiding a product in every colour', () => {
  it('names the product once, and its dates as a merchant writes them', () => {
    const draft = rule(
      'r2',
      { kind: 'query', query: 'jacket', anchoring: 'is' },
      {
        hidden: ['MJ02-Black', 'MJ02-Blue', 'MJ02-Red'],
        validity: { from: '2026-12-24T00:00', until: '2026-12-27T00:00' },
      },
    );
    const names = (id: string) => (id.startsWith('MJ02-') ? 'Augusta Pullover Jacket' : id);
    expect(
      describeRule(draft, true, messagesFor('en').admin.console.rules.words, names).consequences,
    ).toEqual(['hides Augusta Pullover Jacket', 'from 2026-12-24 00:00 to 2026-12-27 00:00 (UTC)']);
  });
});

describe('overlapping rules', () => {
  it('flags rules that compete for the same query words, not rules that never meet', () => {
    const overlaps = findOverlaps([
      rule('a', { kind: 'query', query: 'rain jacket', anchoring: 'is' }),
      rule('b', { kind: 'query', query: 'jacket', anchoring: 'contains' }),
      rule('c', { kind: 'query', query: 'jacket', anchoring: 'is' }),
      rule('d', { kind: 'query', query: 'hoodie', anchoring: 'contains' }),
      rule('e', { kind: 'query', query: 'jacket', anchoring: 'is' }, { enabled: false }),
      rule('f', { kind: 'category', category: 'Men > Tops' }),
      rule('g', { kind: 'category', category: 'Men > Tops' }),
    ]);
    expect(Object.fromEntries(overlaps)).toEqual({
      a: ['b'],
      b: ['a', 'c'],
      c: ['b'],
      f: ['g'],
      g: ['f'],
    });
  });
});
