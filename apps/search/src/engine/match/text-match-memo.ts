/**
 * The text phase of the last search, kept for the next one: InstantSearch sends the main query and one query per
 * refined disjunctive facet with the same text, one after the other, against the same index snapshot, so the
 * documents matching the words (pass 1, before filters) are computed once per multi-query call instead of once
 * per sub-query. A memo is reused only when the expanded words (every dictionary word, typo count and group),
 * the slot rules, the live set and the index version are all the same.
 */

import type { SlotRules } from '../postings/slot-rules.ts';
import type { ExpandedWord, TermGroup } from '../query/expanded-word.ts';
import { Bitset } from '../structures/bitset.ts';

/** What pass 1 depends on. */
export interface TextPhaseKey {
  readonly words: readonly ExpandedWord[];
  readonly rules: SlotRules;
  readonly live: Bitset;
  readonly version: number;
  /** Number of document slots (the matched set's capacity). */
  readonly capacity: number;
}

interface WordShape {
  readonly excluded: boolean;
  readonly optional: boolean;
  readonly termIds: readonly number[];
  readonly termTypos: readonly number[];
  readonly groups: readonly TermGroup[];
}

/** The word's lists are kept, not copied: an expanded word is built per search and never changed after matching. */
function shapeOf(word: ExpandedWord): WordShape {
  return {
    excluded: word.word.excluded,
    optional: word.word.optional,
    termIds: word.termIds,
    termTypos: word.termTypos,
    groups: word.groups,
  };
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameShape(shape: WordShape, word: ExpandedWord): boolean {
  if (shape.excluded !== word.word.excluded || shape.optional !== word.word.optional) return false;
  if (!sameList(shape.termIds, word.termIds) || !sameList(shape.termTypos, word.termTypos))
    return false;
  if (shape.groups.length !== word.groups.length) return false;
  return shape.groups.every((group, index) => {
    const other = word.groups[index];
    return (
      other !== undefined &&
      group.typos === other.typos &&
      group.adjacent === other.adjacent &&
      sameList(group.termIds, other.termIds)
    );
  });
}

/** One remembered pass 1: the documents matching the words (required ANDed, excluded removed, live only). */
export class TextMatchMemo {
  private shapes: readonly WordShape[] = [];
  private rules: SlotRules | undefined;
  private live: Bitset | undefined;
  private version = -1;
  private documents: Bitset | undefined;

  /** The remembered documents when `key` is the remembered text phase, else undefined. */
  lookup(key: TextPhaseKey): Bitset | undefined {
    const { documents } = this;
    if (documents === undefined || key.version !== this.version) return undefined;
    if (key.rules !== this.rules || key.live !== this.live) return undefined;
    if (documents.capacity !== Math.ceil(key.capacity / 32) * 32) return undefined;
    if (key.words.length !== this.shapes.length) return undefined;
    for (let i = 0; i < key.words.length; i++) {
      const word = key.words[i];
      const shape = this.shapes[i];
      if (word === undefined || shape === undefined || !sameShape(shape, word)) return undefined;
    }
    return documents;
  }

  /** Remembers `documents` (copied) as the pass 1 of `key`. */
  store(key: TextPhaseKey, documents: Bitset): void {
    if (this.documents === undefined || this.documents.capacity !== documents.capacity)
      this.documents = new Bitset(documents.capacity);
    this.documents.copyFrom(documents);
    this.shapes = key.words.map(shapeOf);
    this.rules = key.rules;
    this.live = key.live;
    this.version = key.version;
  }
}
