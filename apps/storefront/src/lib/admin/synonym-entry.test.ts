import { describe, expect, it } from 'vitest';
import {
  fromAlgoliaSynonym,
  languageOf,
  newSynonymId,
  synonymDraftSchema,
  synonymSummary,
  toAlgoliaSynonym,
} from './synonym-entry.ts';

describe('synonyms as the console edits them', () => {
  it('writes each type in Algolia’s JSON and reads it back, its language from its id', () => {
    const drafts = [
      { type: 'synonym', language: 'en', synonyms: ['tee', 't-shirt'] },
      { type: 'onewaysynonym', language: 'fr', input: 'pull', synonyms: ['sweat'] },
      { type: 'placeholder', language: 'all', placeholder: '<size>', replacements: ['S', 'M'] },
      { type: 'altcorrection1', language: 'en', word: 'jaket', corrections: ['jacket'] },
      { type: 'altcorrection2', language: 'en', word: 'jackt', corrections: ['jacket'] },
    ].map((fields) => synonymDraftSchema.parse(fields));
    for (const draft of drafts) {
      const id = newSynonymId(draft, 'abcd');
      const saved = toAlgoliaSynonym(draft, id);
      expect(saved).not.toHaveProperty('language');
      expect(fromAlgoliaSynonym(saved)).toEqual({ ...draft, objectID: id });
      expect(languageOf(id)).toBe(draft.language);
    }
    expect(toAlgoliaSynonym(drafts[1] ?? drafts[0]!, 'fr-x')).toEqual({
      objectID: 'fr-x',
      type: 'onewaysynonym',
      input: 'pull',
      synonyms: ['sweat'],
    });
    expect(synonymSummary(drafts[0]!)).toBe('tee ⇄ t-shirt');
  });

  it('reads Algolia’s camel-case types', () => {
    expect(
      fromAlgoliaSynonym({ objectID: 's', type: 'oneWaySynonym', input: 'a', synonyms: ['b'] }),
    ).toMatchObject({ type: 'onewaysynonym', language: 'all' });
  });

  it('refuses a two-way synonym of one word and an empty word', () => {
    expect(
      synonymDraftSchema.safeParse({ type: 'synonym', language: 'en', synonyms: ['tee'] }).success,
    ).toBe(false);
    expect(
      synonymDraftSchema.safeParse({ type: 'synonym', language: 'en', synonyms: ['tee', ' '] })
        .success,
    ).toBe(false);
  });
});
