import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../i18n/messages.ts';
import { auditLabel } from './audit-label.ts';
import { ruleDraftSchema, toQueryRule } from './merchandising-rule.ts';

const words = (language: 'en' | 'fr') => messagesFor(language).admin.console.rules.words;
const savedRule = toQueryRule(
  ruleDraftSchema.parse({
    objectID: 'console-3f9a1c',
    trigger: { kind: 'query', query: 'jacket', anchoring: 'is' },
    pins: [{ objectID: 'MJ01', position: 0 }],
  }),
  'console-3f9a1c',
);

describe('an audit entry in words', () => {
  it('names a changed rule by its condition and effects, in the console’s language', () => {
    expect(auditLabel({ subject: 'rule', before: null, after: savedRule }, words('en'))).toBe(
      'When the search is “jacket” — pins MJ01 at position 1',
    );
    expect(auditLabel({ subject: 'rule', before: savedRule, after: null }, words('fr'))).toBe(
      'Quand la recherche est « jacket » — épingle MJ01 en position 1',
    );
  });

  it('names a synonym by its words', () => {
    const synonym = {
      objectID: 'en-anorak',
      type: 'oneWaySynonym',
      input: 'anorak',
      synonyms: ['jacket'],
    };
    expect(auditLabel({ subject: 'synonym', before: null, after: synonym }, words('en'))).toBe(
      'anorak → jacket',
    );
  });

  it('says nothing beyond the id for a product or a state it cannot read', () => {
    expect(
      auditLabel({ subject: 'product', before: null, after: { id: 'MJ01' } }, words('en')),
    ).toBe(undefined);
    expect(auditLabel({ subject: 'rule', before: null, after: 'garbled' }, words('en'))).toBe(
      undefined,
    );
    expect(auditLabel({ subject: 'synonym', before: null, after: { type: 42 } }, words('en'))).toBe(
      undefined,
    );
  });
});
