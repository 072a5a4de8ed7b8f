/**
 * The string a sort ranks a document by when its attribute holds no number (its first string value), per
 * document: records are stored encoded, so a sort on a text attribute reads this column instead of decoding the
 * records it ranks.
 */

import type { BuildReader, BuildWriter } from '../build/engine-build.ts';
import type { SearchRecord } from '../types.ts';
import { valuesAtPath } from './record-paths.ts';

/** First string value of one attribute path, by document number. */
export class SortTextColumn {
  private texts: (string | undefined)[] = [];

  /** @param path - the attribute's dot path. */
  constructor(path: string) {
    this.path = path;
  }

  /** The attribute's dot path. */
  readonly path: string;

  /** Indexes `record` as `documentNumber` (any order; overwrites). */
  addDocument(documentNumber: number, record: SearchRecord): void {
    const value = valuesAtPath(record, this.path).find((item) => typeof item === 'string');
    if (typeof value === 'string') this.texts[documentNumber] = value;
    else if (documentNumber < this.texts.length) this.texts[documentNumber] = undefined;
  }

  /** The document's first string value, if any. */
  textOf(documentNumber: number): string | undefined {
    return this.texts[documentNumber];
  }

  /** Exports the texts by document number (`null` where a document has none). */
  exportBuild(build: BuildWriter): void {
    build.json(Array.from(this.texts, (text) => text ?? null));
  }

  /** Takes exported texts (into an empty column). */
  importBuild(build: BuildReader): void {
    this.texts = build.strings(true);
  }
}
