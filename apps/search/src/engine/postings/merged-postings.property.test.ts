import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchScratch } from '../match/match-scratch.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import { parseSearchableAttributes } from '../settings/attribute-settings.ts';
import { Bitset } from '../structures/bitset.ts';
import { mergedPostings, scoreFromMergedPostings } from './merged-postings.ts';
import type { ScoreContext } from './score-context.ts';
import { buildSlotRules } from './slot-rules.ts';
import { TextIndex } from './text-index.ts';
import { scoreWord, scoreWordGroups } from './word-postings.ts';

const vocabulary = ['jus', 'pomme', 'p', 'pur', 'pure', 'lait', 'a', 'au', 'fruits', 'fruit'];

const textArbitrary = fc
  .array(fc.constantFrom(...vocabulary), { maxLength: 5 })
  .map((list) => list.join(' '));

const recordArbitrary = fc.record({
  gap: fc.integer({ min: 0, max: 2 }),
  name: textArbitrary,
  brand: textArbitrary,
  tags: fc.array(textArbitrary, { maxLength: 2 }),
});

/** A dictionary word of the vocabulary with its typos and exactness, as a query word's alternative. */
const termArbitrary = fc.tuple(
  fc.integer({ min: 0, max: vocabulary.length - 1 }),
  fc.integer({ min: 0, max: 2 }),
  fc.boolean(),
);

const caseArbitrary = fc.record({
  records: fc.array(recordArbitrary, { minLength: 1, maxLength: 40 }),
  /** Records added after the first merge: the cached list must follow the grown postings. */
  later: fc.array(recordArbitrary, { maxLength: 10 }),
  /** Word 0 is scored one list at a time in both runs; word 1 is broad (≥ 32 alternatives, so merged). */
  narrow: fc.array(termArbitrary, { maxLength: 4 }),
  broad: fc.array(termArbitrary, { minLength: 32, maxLength: 60 }),
  groups: fc.array(termArbitrary, { maxLength: 2 }),
  matchedShare: fc.integer({ min: 1, max: 4 }),
  /**
   * Score only the documents from the `from`-th to the `to`-th listed (a bounded range, as a scored prefix is):
   * `scoreWord` is given the range's bounds, the merged reads its documents.
   */
  range: fc.tuple(fc.nat(), fc.nat()),
  exactDisabledOn: fc.constantFrom<string[]>([], ['brand']),
  singleWordRule: fc.constantFrom('word', 'attribute', 'none'),
});

type Term = readonly [number, number, boolean];

function expandedWord(
  text: TextIndex,
  term: string,
  terms: readonly Term[],
  groups: readonly Term[],
) {
  // Drawn indices land on the dictionary words the records hold (every drawn alternative is kept).
  const known = vocabulary.flatMap((name) => text.dictionary.idOf(name) ?? []);
  const idOf = (index: number) => known[index % Math.max(1, known.length)] ?? 0;
  const word: ExpandedWord = {
    word: { term, prefix: true, phrase: -1, excluded: false, optional: false, numeric: false },
    maxTypos: 0,
    termIds: terms.map(([index]) => idOf(index)),
    termTypos: terms.map(([, typos]) => typos),
    termExact: terms.map(([, , exact]) => exact),
    groups: groups.map(([index, typos, exact]) => ({ termIds: [idOf(index)], typos, exact })),
    alternatives: new Set<string>(),
  };
  return word;
}

describe('when a broad word is merged', () => {
  const family = Array.from({ length: 40 }, (_, index) => `ca${String.fromCharCode(97 + index)}x`);
  /** 40 dictionary words under `ca`, each in two records, at the given document numbers. */
  const textOf = (documents: readonly number[]) => {
    const text = new TextIndex({
      attributes: parseSearchableAttributes(['name']),
      camelCaseAttributes: [],
      separatorsToIndex: '',
    });
    for (const [index, documentNumber] of documents.entries())
      text.addDocument(documentNumber, { name: family[index % family.length] ?? '' });
    return text;
  };
  /** The query word `ca` (a prefix without typo budget) listing the 40 words. */
  const wordsOf = (text: TextIndex): ExpandedWord => ({
    ...expandedWord(text, 'ca', [], []),
    termIds: family.map((name) => text.dictionary.idOf(name) ?? 0),
    termTypos: family.map(() => 0),
    termExact: family.map(() => false),
  });

  it('merges a prefix of many dictionary words in a small index', () => {
    const text = textOf(Array.from({ length: 80 }, (_, index) => index));
    expect(mergedPostings(text, wordsOf(text))?.entries.length).toBe(160);
  });

  it('leaves a rare word family of a large index alone (its offsets would span every document)', () => {
    // The same 80 entries spread over a million document numbers.
    const text = textOf(Array.from({ length: 80 }, (_, index) => index * 12_500));
    expect(mergedPostings(text, wordsOf(text))).toBeUndefined();
  });

  it('leaves a word with a typo budget alone (rarely typed the same way twice)', () => {
    const text = textOf(Array.from({ length: 80 }, (_, index) => index));
    expect(mergedPostings(text, { ...wordsOf(text), maxTypos: 1 })).toBeUndefined();
  });
});

describe('merged postings of a broad word', () => {
  let compared = 0;
  it('score what reading each dictionary word’s postings scores, before and after the index grows', () => {
    fc.assert(
      fc.property(caseArbitrary, (drawn) => {
        const text = new TextIndex({
          attributes: parseSearchableAttributes(['name', 'unordered(brand)', 'tags']),
          camelCaseAttributes: [],
          separatorsToIndex: '',
        });
        let documentNumber = 0;
        const documents: number[] = [];
        const add = (records: typeof drawn.records) => {
          for (const record of records) {
            documentNumber += record.gap;
            text.addDocument(documentNumber, record);
            documents.push(documentNumber);
            documentNumber++;
          }
        };
        const compare = () => {
          const capacity = documentNumber;
          const words = [
            expandedWord(text, 'narrow', drawn.narrow, []),
            expandedWord(text, 'broad', drawn.broad, drawn.groups),
          ];
          const broad = words[1];
          if (broad === undefined || text.dictionary.size === 0) return;
          compared++;
          const merged = mergedPostings(text, broad);
          if (merged === undefined)
            throw new Error('a word of 32 dictionary words or more is merged');
          expect(merged.entries.length).toBe((merged.starts.at(-1) ?? 0) * 2);
          const matched = new Bitset(capacity);
          const listed = documents.filter((_, position) => position % drawn.matchedShare === 0);
          const [from, to] = drawn.range.map((value) => value % listed.length);
          const low = Math.min(from ?? 0, to ?? 0);
          const high = Math.max(from ?? 0, to ?? 0);
          const scored = listed.slice(low, high + 1);
          for (const document of listed) matched.add(document);
          const rules = buildSlotRules(text.textSlots, undefined, [], drawn.exactDisabledOn);
          const run = (useMerged: boolean) => {
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
              lowest: scored[0],
              highest: scored[scored.length - 1],
            };
            for (const document of listed) scratch.attribute[document] = 0xffffffff;
            const values: number[][] = [];
            words.forEach((word, wordIndex) => {
              if (useMerged && wordIndex === 1) {
                scoreFromMergedPostings(
                  context,
                  merged,
                  wordIndex,
                  Uint32Array.from(scored),
                  scored.length,
                );
                scoreWordGroups(context, word, wordIndex);
              } else scoreWord(context, word, wordIndex);
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
            scratch.occurrences.group(Uint32Array.from(listed), capacity);
            for (const document of listed)
              values.push([
                scratch.occurrences.proximity(document, 2, 1),
                scratch.occurrences.hasPhrase(document, [0, 1]) ? 1 : 0,
                scratch.occurrences.hasPhrase(document, [1, 0]) ? 1 : 0,
              ]);
            return values;
          };
          expect(run(true)).toEqual(run(false));
        };
        add(drawn.records);
        compare();
        add(drawn.later);
        compare();
      }),
      { numRuns: 300 },
    );
    // Most drawn cases hold words (an index of empty texts has nothing to merge).
    expect(compared).toBeGreaterThan(300);
  });
});
