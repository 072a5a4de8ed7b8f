import type { SearchRecord } from '../engine/index.ts';

/**
 * The catalogue as the models see it: records grouped into products. A record's group is its `productId` when it
 * has one (one record per colour share it), otherwise its own `objectID`; an id the catalogue does not know is a
 * group of its own. Models count and rank groups, then answer with one record per group.
 */
export class RecommendCatalogue {
  private readonly records = new Map<string, SearchRecord>();
  private readonly groupByRecord = new Map<string, string>();
  private readonly recordsByGroup = new Map<string, string[]>();

  /**
   * @param records - the index's records, in index order (that order breaks ties when picking a group's record).
   */
  constructor(records: readonly SearchRecord[] = []) {
    for (const record of records) {
      const productId = record['productId'];
      const group = typeof productId === 'string' && productId !== '' ? productId : record.objectID;
      this.records.set(record.objectID, record);
      this.groupByRecord.set(record.objectID, group);
      const members = this.recordsByGroup.get(group);
      if (members) members.push(record.objectID);
      else this.recordsByGroup.set(group, [record.objectID]);
    }
  }

  /** False for an empty catalogue: models then answer with any id seen in events (offline evaluation). */
  get isLoaded(): boolean {
    return this.records.size > 0;
  }

  /** The groups, in the order their first record appears. */
  groups(): IterableIterator<string> {
    return this.recordsByGroup.keys();
  }

  /** The record, or undefined when the catalogue does not hold it. */
  record(objectID: string): SearchRecord | undefined {
    return this.records.get(objectID);
  }

  /** The group of a record id (the id itself when unknown). */
  groupOf(objectID: string): string {
    return this.groupByRecord.get(objectID) ?? objectID;
  }

  /** The record ids of a group; an unknown group is its own single record. */
  recordIDs(group: string): readonly string[] {
    return this.recordsByGroup.get(group) ?? [group];
  }

  /** Whether an id may be recommended: any id without a catalogue, else only ids of groups it holds. */
  canRecommend(group: string): boolean {
    return !this.isLoaded || this.recordsByGroup.has(group);
  }

  /** The group's `popularity` (highest of its records; 0 when absent or not a finite number ≥ 0). */
  popularity(group: string): number {
    let best = 0;
    for (const objectID of this.recordIDs(group)) {
      const value = this.records.get(objectID)?.['popularity'];
      if (typeof value === 'number' && Number.isFinite(value) && value > best) best = value;
    }
    return best;
  }

  /**
   * The merchant's links of a group (`related` or `crossSell`, lists of product or record ids), as groups, in
   * list order, without duplicates or the group itself.
   */
  links(group: string, attribute: 'related' | 'crossSell'): string[] {
    const linked = new Set<string>();
    for (const objectID of this.recordIDs(group)) {
      for (const id of stringValues(this.records.get(objectID)?.[attribute])) {
        const target = this.groupOf(id);
        if (target !== group) linked.add(target);
      }
    }
    return [...linked];
  }

  /**
   * The values of an attribute of a record, as facet values: `a.b` reads nested objects, arrays are flattened,
   * numbers and booleans become strings (`true`), other values are skipped.
   */
  attributeValues(objectID: string, path: string): string[] {
    const record = this.records.get(objectID);
    if (!record) return [];
    let values: unknown[] = [record];
    for (const key of path.split('.')) {
      values = values.flatMap((value) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? [(value as { readonly [key: string]: unknown })[key]]
          : [],
      );
    }
    return values.flatMap(stringValues);
  }

  /**
   * The record that stands for a group in an answer: the one sharing `preferredColor` (a black hoodie suggests
   * the black trousers), else the group's first record.
   */
  representative(group: string, preferredColor?: string): string {
    const members = this.recordIDs(group);
    const sameColor =
      preferredColor === undefined
        ? undefined
        : members.find((id) => this.records.get(id)?.['color'] === preferredColor);
    return sameColor ?? members[0] ?? group;
  }

  /** The record's `color` when it is a string. */
  colorOf(objectID: string): string | undefined {
    const color = this.records.get(objectID)?.['color'];
    return typeof color === 'string' ? color : undefined;
  }
}

function stringValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}
