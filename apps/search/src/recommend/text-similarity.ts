import type { RecommendCatalogue } from './recommend-catalogue.ts';

/**
 * Attributes read for content similarity, with the weight of each word found in them. Colour is left out on
 * purpose: it differs between the records of one product, and the answer already prefers the source's colour.
 */
export const defaultContentAttributes: Readonly<Record<string, number>> = {
  name: 3,
  categories: 2,
  'hierarchicalCategories.lvl0': 1,
  'hierarchicalCategories.lvl1': 1,
  'hierarchicalCategories.lvl2': 1,
  brand: 1,
  material: 1,
  pattern: 1,
  style: 1,
  activity: 1,
  gender: 1,
  climate: 1,
  description: 1,
};

const stopWords = new Set(
  (
    'the and for with you your our are this that from into its not but can all has have will was were ' +
    'les des une pour avec dans sur par est aux qui que son ses vos nos pas plus'
  ).split(' '),
);

/**
 * Splits text into comparable words: lower case, accents removed, split on anything but letters and digits,
 * words shorter than 2 characters and common English/French words dropped, a plural `s` removed.
 * `"Hoodies & Sweatshirts"` → `["hoodie", "sweatshirt"]`.
 */
export function contentWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && !stopWords.has(word))
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

interface Posting {
  readonly group: number;
  readonly weight: number;
}

/**
 * TF-IDF vectors of the catalogue's groups (one per product, read from its first record) and their cosine
 * similarity: tf = ln(1 + weighted count), idf = ln((1 + groups) / (1 + groups with the word)), vectors
 * L2-normalised. Built once per catalogue; a query walks the postings of the source's words only.
 */
export class TextSimilarity {
  private readonly groups: string[] = [];
  private readonly groupNumbers = new Map<string, number>();
  private readonly vectors: Map<string, number>[] = [];
  private readonly postings = new Map<string, Posting[]>();

  /**
   * @param catalogue - the records to describe.
   * @param attributes - attribute path → word weight (> 0); defaults to {@link defaultContentAttributes}.
   */
  constructor(
    catalogue: RecommendCatalogue,
    attributes: Readonly<Record<string, number>> = defaultContentAttributes,
  ) {
    const counts: Map<string, number>[] = [];
    const documentFrequency = new Map<string, number>();
    for (const group of catalogue.groups()) {
      const objectID = catalogue.recordIDs(group)[0] ?? group;
      const termCounts = new Map<string, number>();
      for (const [path, weight] of Object.entries(attributes)) {
        for (const value of catalogue.attributeValues(objectID, path)) {
          for (const word of contentWords(value)) {
            termCounts.set(word, (termCounts.get(word) ?? 0) + weight);
          }
        }
      }
      for (const term of termCounts.keys()) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      }
      this.groupNumbers.set(group, this.groups.length);
      this.groups.push(group);
      counts.push(termCounts);
    }
    for (const [groupNumber, termCounts] of counts.entries()) {
      this.vectors.push(this.weigh(groupNumber, termCounts, documentFrequency));
    }
  }

  /**
   * Cosine similarity (0–1) of every group sharing a word with `group`; the group itself is left out.
   * An unknown group has no neighbours.
   */
  similarTo(group: string): Map<string, number> {
    const similar = new Map<string, number>();
    const groupNumber = this.groupNumbers.get(group);
    const vector = groupNumber === undefined ? undefined : this.vectors[groupNumber];
    if (groupNumber === undefined || vector === undefined) return similar;
    const sums = new Float64Array(this.groups.length);
    for (const [term, weight] of vector) {
      for (const posting of this.postings.get(term) ?? []) {
        sums[posting.group] = (sums[posting.group] ?? 0) + weight * posting.weight;
      }
    }
    for (const [other, sum] of sums.entries()) {
      const name = this.groups[other];
      if (sum > 0 && other !== groupNumber && name !== undefined)
        similar.set(name, Math.min(1, sum));
    }
    return similar;
  }

  private weigh(
    groupNumber: number,
    termCounts: ReadonlyMap<string, number>,
    documentFrequency: ReadonlyMap<string, number>,
  ): Map<string, number> {
    const total = this.groupNumbers.size;
    const vector = new Map<string, number>();
    let norm = 0;
    for (const [term, count] of termCounts) {
      const idf = Math.log((1 + total) / (1 + (documentFrequency.get(term) ?? 0)));
      const weight = Math.log1p(count) * idf;
      if (weight <= 0) continue;
      vector.set(term, weight);
      norm += weight * weight;
    }
    const length = Math.sqrt(norm);
    for (const [term, weight] of vector) {
      const normalised = weight / length;
      vector.set(term, normalised);
      const list = this.postings.get(term);
      if (list) list.push({ group: groupNumber, weight: normalised });
      else this.postings.set(term, [{ group: groupNumber, weight: normalised }]);
    }
    return vector;
  }
}
