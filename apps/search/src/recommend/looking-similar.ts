import type { RecommendCatalogue } from './recommend-catalogue.ts';

/**
 * `looking-similar`: nearest neighbours of the source record's image embedding by cosine similarity, over
 * whatever vectors are plugged in (one per record, any model, any dimension as long as all agree). Brute force:
 * O(records × dimension) per query, about a millisecond for 10,000 records of 512 dimensions.
 */
export class LookingSimilar {
  private readonly ids: string[] = [];
  private readonly matrix: Float32Array;
  private readonly rows = new Map<string, number>();
  private readonly dimension: number;

  /**
   * @param vectors - record id → embedding; copied and L2-normalised, all-zero vectors skipped.
   * @throws Error when two vectors differ in length (the embedding source is inconsistent).
   */
  constructor(vectors: ReadonlyMap<string, Float32Array> = new Map()) {
    const first = vectors.values().next();
    this.dimension = first.done ? 0 : first.value.length;
    const kept: [string, Float32Array][] = [];
    for (const [objectID, vector] of vectors) {
      if (vector.length !== this.dimension) {
        throw new Error(
          `image vector of ${objectID} has ${vector.length} dimensions, expected ${this.dimension}`,
        );
      }
      let norm = 0;
      for (const value of vector) norm += value * value;
      if (norm > 0 && Number.isFinite(norm)) kept.push([objectID, vector]);
    }
    this.matrix = new Float32Array(kept.length * this.dimension);
    kept.forEach(([objectID, vector], row) => {
      let norm = 0;
      for (const value of vector) norm += value * value;
      const scale = 1 / Math.sqrt(norm);
      for (let i = 0; i < this.dimension; i++) {
        this.matrix[row * this.dimension + i] = (vector[i] ?? 0) * scale;
      }
      this.rows.set(objectID, row);
      this.ids.push(objectID);
    });
  }

  /** Number of records with a usable vector. */
  get size(): number {
    return this.ids.length;
  }

  /**
   * Group → score 0–100 (100 × the best cosine among the group's records, negatives as 0), and for each group
   * the record that looks most like the source. Empty when the source has no vector.
   *
   * @param objectID - the source record.
   * @param catalogue - groups records into products.
   */
  scores(
    objectID: string,
    catalogue: RecommendCatalogue,
  ): { scores: Map<string, number>; pickRecord: (group: string) => string } {
    const scores = new Map<string, number>();
    const best = new Map<string, string>();
    const source = this.rows.get(objectID);
    const pickRecord = (group: string) => best.get(group) ?? catalogue.representative(group);
    if (source === undefined) return { scores, pickRecord };
    const { dimension, matrix } = this;
    const offset = source * dimension;
    for (const [row, id] of this.ids.entries()) {
      if (row === source) continue;
      let dot = 0;
      const base = row * dimension;
      for (let i = 0; i < dimension; i++)
        dot += (matrix[offset + i] ?? 0) * (matrix[base + i] ?? 0);
      const group = catalogue.groupOf(id);
      const score = 100 * Math.max(0, dot);
      if (score > (scores.get(group) ?? 0)) {
        scores.set(group, score);
        best.set(group, id);
      }
    }
    return { scores, pickRecord };
  }
}
