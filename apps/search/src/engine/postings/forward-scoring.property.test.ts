import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchScratch } from '../match/match-scratch.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import { parseSearchableAttributes } from '../settings/attribute-settings.ts';
import { Bitset } from '../structures/bitset.ts';
import { scoreFromForwardIndex } from './forward-scoring.ts';
import type { ScoreContext } from './score-context.ts';
import { buildSlotRules } from './slot-rules.ts';
import { TextIndex } from './text-index.ts';
import { scoreWord } from './word-postings.ts';

const vocabulary = ['jus', 'pomme', 'p', 'pur', 'pure', 'lait', 'a', 'au', 'fruits', 'fruit'];

const textArbitrary = fc
  .array(fc.constantFrom(...vocabulary), { maxLength: 5 })
  .map((list) => list.join(' '));

const caseArbitrary = fc.record({
  records: fc.array(
    fc.record({
      gap: fc.integer({ min: 0, max: 2 }),
      name: textArbitrary,
      brand: textArbitrary,
      tags: fc.array(textArbitrary, { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 40 },
  ),
  /** Per query word: its alternatives (vocabulary index, typos, exact), duplicates allowed, and one-word groups. */
  words: fc.array(
    fc.record({
      terms: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: vocabulary.length - 1 }),
          fc.integer({ min: 0, max: 2 }),
          fc.boolean(),
        ),
        { maxLength: 6 },
      ),
      groups: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: vocabulary.length - 1 }),
          fc.integer({ min: 0, max: 2 }),
          fc.boolean(),
        ),
        { maxLength: 2 },
      ),
    }),
    { minLength: 2, maxLength: 2 },
  ),
  matchedShare: fc.integer({ min: 1, max: 4 }),
  exactDisabledOn: fc.constantFrom<string[]>([], ['brand']),
  singleWordRule: fc.constantFrom('word', 'attribute', 'none'),
});

describe('scoring through the forward index', () => {
  it('writes what scanning the postings writes (criteria values and proximity)', () => {
    fc.assert(
      fc.property(caseArbitrary, (drawn) => {
        const text = new TextIndex({
          attributes: parseSearchableAttributes(['name', 'unordered(brand)', 'tags']),
          camelCaseAttributes: [],
          separatorsToIndex: '',
        });
        let documentNumber = 0;
        const documents: number[] = [];
        for (const record of drawn.records) {
          documentNumber += record.gap;
          text.addDocument(documentNumber, record);
          documents.push(documentNumber);
          documentNumber++;
        }
        const capacity = documentNumber;
        const idOf = (index: number) => text.dictionary.idOf(vocabulary[index] ?? '');
        const words: ExpandedWord[] = drawn.words.map((drawnWord, index) => {
          const terms = drawnWord.terms.filter(([term]) => idOf(term) !== undefined);
          return {
            word: {
              term: `w${index}`,
              prefix: false,
              phrase: -1,
              excluded: false,
              optional: false,
              numeric: false,
            },
            maxTypos: 2,
            termIds: terms.map(([term]) => idOf(term) ?? 0),
            termTypos: terms.map(([, typos]) => typos),
            termExact: terms.map(([, , exact]) => exact),
            groups: drawnWord.groups
              .filter(([term]) => idOf(term) !== undefined)
              .map(([term, typos, exact]) => ({ termIds: [idOf(term) ?? 0], typos, exact })),
            alternatives: new Set<string>(),
          };
        });
        const matched = new Bitset(capacity);
        const listed = Uint32Array.from(
          documents.filter((_, position) => position % drawn.matchedShare === 0),
        );
        for (const document of listed) matched.add(document);
        const rules = buildSlotRules(text.textSlots, undefined, [], drawn.exactDisabledOn);
        const run = (forward: boolean) => {
          const scratch = new MatchScratch();
          scratch.ensure(capacity);
          const context: ScoreContext = {
            text,
            rules,
            matched,
            scratch,
            exactWholeValueOnly: drawn.singleWordRule === 'attribute',
            exactDisabled: drawn.singleWordRule === 'none',
            collectOccurrences: true,
          };
          for (const document of listed) scratch.attribute[document] = 0xffffffff;
          const values: number[][] = [];
          words.forEach((word, wordIndex) => {
            if (forward && wordIndex === 1)
              scoreFromForwardIndex(context, word, wordIndex, listed, listed.length);
            else scoreWord(context, word, wordIndex);
            for (const document of listed) {
              values.push([
                scratch.wordTypo[document] ?? 0,
                scratch.wordExact[document] ?? 0,
                scratch.wordAttribute[document] ?? 0,
              ]);
              scratch.wordTypo[document] = 255;
              scratch.wordExact[document] = 0;
              scratch.wordAttribute[document] = 0xffffffff;
            }
          });
          scratch.occurrences.group(listed, capacity);
          for (const document of listed)
            values.push([
              scratch.occurrences.proximity(document, 2, 1),
              scratch.occurrences.hasPhrase(document, [0, 1]) ? 1 : 0,
              scratch.occurrences.hasPhrase(document, [1, 0]) ? 1 : 0,
            ]);
          return values;
        };
        expect(run(true)).toEqual(run(false));
      }),
      { numRuns: 300 },
    );
  });
});
