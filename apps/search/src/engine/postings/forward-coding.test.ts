import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearchableAttributes } from '../settings/attribute-settings.ts';
import { GrowableUint32Array } from '../structures/growable-array.ts';
import { appendForwardEntry, forEachForwardEntry } from './forward-coding.ts';
import { encodeOccurrence, TextIndex } from './text-index.ts';

const occurrenceArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 0x7ff }), fc.integer({ min: 0, max: 0xfffff }), fc.boolean())
  .map(([slot, position, whole]) => encodeOccurrence(slot, position, whole));

/** Occurrences as indexing writes them: mostly small steps, sometimes a new slot or a long gap. */
const documentArbitrary = fc.array(
  fc.tuple(
    fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0xfffff0, max: 0xffffffff })),
    fc.oneof(
      fc.record({ step: fc.integer({ min: 0, max: 140 }), whole: fc.boolean() }),
      occurrenceArbitrary,
    ),
  ),
  { maxLength: 60 },
);

describe('the forward index coding', () => {
  it('gives back every word id and occurrence code in order', () => {
    fc.assert(
      fc.property(fc.array(documentArbitrary, { maxLength: 5 }), (documents) => {
        const entries = new GrowableUint32Array(1);
        for (const drawn of documents) {
          const start = entries.length;
          const written: [number, number][] = [];
          let previous = 0;
          for (const [termId, next] of drawn) {
            const occurrence =
              typeof next === 'number'
                ? next
                : (((previous & 0x7fffffff) + next.step) & 0x7fffffff) +
                  (next.whole ? 0x80000000 : 0);
            written.push([termId, occurrence]);
            previous = appendForwardEntry(entries, termId, occurrence, previous);
          }
          const read: [number, number][] = [];
          forEachForwardEntry(entries.buffer, start, entries.length, (termId, occurrence) => {
            read.push([termId, occurrence]);
          });
          expect(read).toEqual(written);
        }
      }),
    );
  });

  it('holds a product record’s words in about one value each, not two', () => {
    const text = new TextIndex({
      attributes: parseSearchableAttributes(['name', 'brand', 'categories', 'description']),
      camelCaseAttributes: [],
      separatorsToIndex: '',
    });
    for (let position = 0; position < 2000; position++)
      text.addDocument(position, {
        objectID: `p${position}`,
        name: `Veste en coton bleu ${position}`,
        brand: position % 3 === 0 ? 'Acme' : 'Zed Outdoor',
        categories: ['Femmes', 'Vestes et manteaux', `Collection ${position % 7}`],
        description: 'Une veste légère en coton biologique, coupe droite, deux poches, lavable.',
      });
    // Values the forward index holds against the occurrences it records (a posting each).
    let occurrences = 0;
    for (let termId = 0; termId < text.dictionary.size; termId++)
      occurrences += text.postingsList(termId).length / 2;
    const { starts } = text.forward();
    expect(starts[2000]).toBeLessThanOrEqual(occurrences * 1.2);
  });
});
