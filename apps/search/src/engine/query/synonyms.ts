/**
 * The index's synonyms, keyed by the folded words of their input so the query expander can look up every
 * span of consecutive query words. Semantics (Algolia): `synonym` is multi-way (every expression matches all the
 * others), `onewaysynonym` goes from `input` to `synonyms`, `altcorrection1`/`altcorrection2` map a word to
 * corrections that count as 1/2 typos, and `placeholder` lets any replacement match the placeholder token
 * (`<street>` in a record is indexed as the word `street`).
 */
import { analyzeText } from '../text/analyze-text.ts';
import { isStopWord } from '../text/stop-words.ts';
import type { SynonymEntry } from '../types.ts';

/** One way a span of query words may also match. */
export interface SynonymAlternative {
  /** Folded words a record must all contain (one word for single-word synonyms). */
  readonly words: readonly string[];
  /** 0 for synonyms and placeholders, 1 or 2 for alternative corrections. */
  readonly typos: number;
  /** Which `alternativesAsExact` option lets it count as exact. */
  readonly kind: 'synonym' | 'altcorrection' | 'placeholder';
}

/** Synonym lookup table. */
export class SynonymTable {
  private readonly byInput = new Map<string, SynonymAlternative[]>();
  private readonly byStrippedInput = new Map<string, Map<string, SynonymAlternative[]>>();
  /** The same entries folded with other `keepDiacriticsOnCharacters` values. */
  private readonly variants = new Map<string, SynonymTable>();
  private readonly entries: readonly SynonymEntry[];
  private readonly keepDiacriticsOnCharacters: string;
  /** Length in words of the longest input expression. */
  maxInputWords = 0;

  /**
   * @param entries - the index's synonym objects (any order; later duplicates add alternatives).
   * @param keepDiacriticsOnCharacters - characters whose diacritics folding keeps (as in records and queries).
   */
  constructor(entries: readonly SynonymEntry[], keepDiacriticsOnCharacters = '') {
    this.entries = entries;
    this.keepDiacriticsOnCharacters = keepDiacriticsOnCharacters;
    for (const entry of entries) this.addEntry(entry);
  }

  /**
   * The table folding the same entries with `keepDiacriticsOnCharacters` = `keep` (this one when it already
   * does): with `keep = "é"`, the synonym `thé ⇄ tea` answers the query word `thé`, not `the`.
   */
  keeping(keep: string): SynonymTable {
    if (keep === this.keepDiacriticsOnCharacters) return this;
    let table = this.variants.get(keep);
    if (table === undefined) {
      table = new SynonymTable(this.entries, keep);
      if (this.variants.size >= 8) this.variants.clear();
      this.variants.set(keep, table);
    }
    return table;
  }

  /** The folded words of a synonym expression, split and folded like record text. */
  private foldWords(text: string): string[] {
    const keep = this.keepDiacriticsOnCharacters;
    const options =
      keep === ''
        ? undefined
        : { separatorsToIndex: '', camelCase: false, keepDiacriticsOnCharacters: keep };
    return analyzeText(text, options).map((word) => word.term);
  }

  /** Number of input expressions. */
  get size(): number {
    return this.byInput.size;
  }

  /**
   * Alternatives for the folded words `words` (one span of the query). With `stopLanguages` (the query's stop
   * words were removed), inputs match without their stop words too: `corde à sauter` is found for `corde sauter`.
   */
  alternatives(
    words: readonly string[],
    stopLanguages: readonly string[] = [],
  ): readonly SynonymAlternative[] {
    const key = words.join(' ');
    if (stopLanguages.length === 0) return this.byInput.get(key) ?? [];
    return this.withoutStopWords(stopLanguages).get(key) ?? this.byInput.get(key) ?? [];
  }

  /** The inputs keyed without their stop words, built once per language list. */
  private withoutStopWords(
    languages: readonly string[],
  ): ReadonlyMap<string, SynonymAlternative[]> {
    const cacheKey = languages.join(',');
    let table = this.byStrippedInput.get(cacheKey);
    if (table !== undefined) return table;
    table = new Map();
    for (const [input, list] of this.byInput) {
      const kept = input.split(' ').filter((word) => !isStopWord(word, languages));
      if (kept.length === 0) continue;
      const key = kept.join(' ');
      const merged = table.get(key) ?? [];
      for (const alternative of list) if (!merged.includes(alternative)) merged.push(alternative);
      table.set(key, merged);
    }
    this.byStrippedInput.set(cacheKey, table);
    return table;
  }

  private addEntry(entry: SynonymEntry): void {
    switch (entry.type) {
      case 'synonym': {
        const expressions = entry.synonyms
          .map((text) => this.foldWords(text))
          .filter((words) => words.length > 0);
        for (const input of expressions) {
          for (const other of expressions) {
            if (other.join(' ') !== input.join(' ')) this.add(input, other, 0, 'synonym');
          }
        }
        break;
      }
      case 'onewaysynonym': {
        const input = this.foldWords(entry.input);
        for (const synonym of entry.synonyms)
          this.add(input, this.foldWords(synonym), 0, 'synonym');
        break;
      }
      case 'altcorrection1':
      case 'altcorrection2': {
        const input = this.foldWords(entry.word);
        const typos = entry.type === 'altcorrection1' ? 1 : 2;
        for (const correction of entry.corrections) {
          this.add(input, this.foldWords(correction), typos, 'altcorrection');
        }
        break;
      }
      case 'placeholder': {
        const token = this.foldWords(entry.placeholder);
        for (const replacement of entry.replacements) {
          this.add(this.foldWords(replacement), token, 0, 'placeholder');
        }
        break;
      }
    }
  }

  private add(
    input: readonly string[],
    words: readonly string[],
    typos: number,
    kind: SynonymAlternative['kind'],
  ): void {
    if (input.length === 0 || words.length === 0) return;
    const key = input.join(' ');
    let list = this.byInput.get(key);
    if (list === undefined) {
      list = [];
      this.byInput.set(key, list);
    }
    if (!list.some((existing) => existing.words.join(' ') === words.join(' '))) {
      list.push({ words, typos, kind });
    }
    this.maxInputWords = Math.max(this.maxInputWords, input.length);
  }
}
