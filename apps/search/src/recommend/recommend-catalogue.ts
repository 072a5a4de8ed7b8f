import type { SearchRecord } from '../engine/index.ts';

/**
 * Where a catalogue reads its records: the index's engine in the service (records stay encoded there and are
 * decoded when a model reads one), or a list.
 */
export interface CatalogueRecords {
  /** Every record, in index order. */
  records(): Iterable<SearchRecord>;
  /** One record, or undefined. */
  record(objectID: string): SearchRecord | undefined;
}

/** A list of records as {@link CatalogueRecords}. */
export function catalogueRecords(records: readonly SearchRecord[]): CatalogueRecords {
  const byId = new Map(records.map((record) => [record.objectID, record]));
  return { records: () => byId.values(), record: (objectID) => byId.get(objectID) };
}

/**
 * The catalogue as the models see it: records grouped into products. A record's group is its `productId` when it
 * has one (one record per colour share it), otherwise its own `objectID`; an id the catalogue does not know is a
 * group of its own. Models count and rank groups, then answer with one record per group.
 *
 * It holds the grouping and each group's popularity, read once; other attributes are read from the records
 * when asked (the service's records are not kept twice, decision 0015).
 */
export class RecommendCatalogue {
  private readonly source: CatalogueRecords;
  private readonly groupByRecord = new Map<string, string>();
  private readonly recordsByGroup = new Map<string, string[]>();
  private readonly popularityByGroup = new Map<string, number>();
  /** The record read last, kept until the current task ends (models read several attributes of one record). */
  private lastRead:
    | { readonly objectID: string; readonly record: SearchRecord | undefined }
    | undefined;

  /**
   * @param records - the index's records, in index order (that order breaks ties when picking a group's record).
   */
  constructor(records: readonly SearchRecord[] | CatalogueRecords = []) {
    this.source = Array.isArray(records)
      ? catalogueRecords(records)
      : (records as CatalogueRecords);
    for (const record of this.source.records()) {
      const productId = record['productId'];
      const group = typeof productId === 'string' && productId !== '' ? productId : record.objectID;
      this.groupByRecord.set(record.objectID, group);
      const members = this.recordsByGroup.get(group);
      if (members) members.push(record.objectID);
      else this.recordsByGroup.set(group, [record.objectID]);
      const popularity = record['popularity'];
      if (typeof popularity === 'number' && Number.isFinite(popularity) && popularity > 0)
        this.popularityByGroup.set(
          group,
          Math.max(popularity, this.popularityByGroup.get(group) ?? 0),
        );
    }
  }

  /** False for an empty catalogue: models then answer with any id seen in events (offline evaluation). */
  get isLoaded(): boolean {
    return this.groupByRecord.size > 0;
  }

  /** The groups, in the order their first record appears. */
  groups(): IterableIterator<string> {
    return this.recordsByGroup.keys();
  }

  /** The record, or undefined when the catalogue does not hold it. */
  record(objectID: string): SearchRecord | undefined {
    return this.groupByRecord.has(objectID) ? this.read(objectID) : undefined;
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
    return this.popularityByGroup.get(group) ?? 0;
  }

  /**
   * The merchant's links of a group (`related` or `crossSell`, lists of product or record ids), as groups, in
   * list order, without duplicates or the group itself.
   */
  links(group: string, attribute: 'related' | 'crossSell'): string[] {
    const linked = new Set<string>();
    for (const objectID of this.recordIDs(group)) {
      for (const id of stringValues(this.record(objectID)?.[attribute])) {
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
    const record = this.record(objectID);
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
        : members.find((id) => this.record(id)?.['color'] === preferredColor);
    return sameColor ?? members[0] ?? group;
  }

  /** The record's `color` when it is a string. */
  colorOf(objectID: string): string | undefined {
    const color = this.record(objectID)?.['color'];
    return typeof color === 'string' ? color : undefined;
  }

  private read(objectID: string): SearchRecord | undefined {
    const last = this.lastRead;
    if (last?.objectID === objectID) return last.record;
    // Writes run in tasks of their own: a record read in this task is still current until it ends.
    if (last === undefined)
      queueMicrotask(() => {
        this.lastRead = undefined;
      });
    const record = this.source.record(objectID);
    this.lastRead = { objectID, record };
    return record;
  }
}

function stringValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}
