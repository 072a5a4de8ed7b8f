/**
 * The per-attribute columns built from records besides the text index: facet columns for
 * `attributesForFaceting`, `_tags` and `attributeForDistinct`, and numeric columns created on first use by a
 * numeric filter or a sort criterion (Algolia lets numeric filters target any numeric attribute) and the texts a
 * sort criterion ranks documents without a number by, then kept up to date on every write. Records are stored
 * encoded: a column built on first use decodes every live record once.
 */

import { BuildFormatError, type BuildReader, type BuildWriter } from '../build/engine-build.ts';
import { FacetColumn } from '../facets/facet-column.ts';
import type { SearchRecord } from '../types.ts';
import type { DocumentTable } from './document-table.ts';
import { NumericColumn } from './numeric-column.ts';
import { SortTextColumn } from './sort-text-column.ts';

/** Facet and numeric columns of one index. */
export class RecordColumns {
  private facets = new Map<string, FacetColumn>();
  private readonly numerics = new Map<string, NumericColumn>();
  private readonly sortTexts = new Map<string, SortTextColumn>();

  /** @param documents - the records the lazily built columns are read from. */
  constructor(documents: DocumentTable) {
    this.documents = documents;
  }

  private readonly documents: DocumentTable;

  /**
   * Keeps exactly the facet columns of `paths` (plus `_tags`), building the new ones from the stored records.
   * @param paths - attribute paths to keep facet columns for.
   */
  configureFacets(paths: readonly string[]): void {
    const wanted = new Set([...paths, '_tags']);
    const next = new Map<string, FacetColumn>();
    const created: FacetColumn[] = [];
    for (const path of wanted) {
      const existing = this.facets.get(path);
      if (existing !== undefined) {
        next.set(path, existing);
        continue;
      }
      const column = new FacetColumn(path, path === '_tags');
      created.push(column);
      next.set(path, column);
    }
    // The faceted attributes are those numeric filters target (a price range): their numeric columns are kept
    // from now on rather than built by the first such search, which would decode every stored record.
    const numeric: NumericColumn[] = [];
    for (const path of paths) {
      if (this.numerics.has(path)) continue;
      const column = new NumericColumn(path);
      numeric.push(column);
      this.numerics.set(path, column);
    }
    // One pass over the stored records for every new column: each record is decoded once.
    if (created.length > 0 || numeric.length > 0)
      this.documents.forEachLive((documentNumber, record) => {
        for (const column of created) column.addDocument(documentNumber, record);
        for (const column of numeric) column.addDocument(documentNumber, record);
      });
    this.facets = next;
  }

  /** The facet column of `path`, if configured. */
  facet(path: string): FacetColumn | undefined {
    return this.facets.get(path);
  }

  /** The numeric column of `path`, built from the stored records on first request. */
  numeric(path: string): NumericColumn {
    return this.lazyColumn(this.numerics, path, () => new NumericColumn(path));
  }

  /** The first string value of `path` per document (what a sort ranks by without a number), built on first request. */
  sortText(path: string): SortTextColumn {
    return this.lazyColumn(this.sortTexts, path, () => new SortTextColumn(path));
  }

  /** Releases the facet columns' spare capacity (after a bulk load). */
  trim(): void {
    for (const step of this.trimSteps()) step();
  }

  /** Bytes the facet columns' typed arrays reserve, spare capacity included. */
  get reservedFacetBytes(): number {
    let bytes = 0;
    for (const column of this.facets.values()) bytes += column.reservedBytes;
    return bytes;
  }

  /** {@link trim} as one step per facet column. */
  trimSteps(): (() => void)[] {
    return [...this.facets.values()].map((column) => () => column.trim());
  }

  /** Forgets a deleted or replaced document in the facet columns' live counts. */
  removeDocument(documentNumber: number): void {
    for (const column of this.facets.values()) column.removeDocument(documentNumber);
  }

  /** Indexes a newly stored record in every existing column. */
  addDocument(documentNumber: number, record: SearchRecord): void {
    for (const column of this.facets.values()) column.addDocument(documentNumber, record);
    for (const column of this.numerics.values()) column.addDocument(documentNumber, record);
    for (const column of this.sortTexts.values()) column.addDocument(documentNumber, record);
  }

  /**
   * Exports the facet, numeric and sort-text columns: a column left out would be built again by the first search
   * that needs it after an import, decoding every record in one turn (at 241,402 records, a sort replica's first
   * search held the thread for seconds).
   */
  exportBuild(build: BuildWriter): void {
    build.json([[...this.facets.keys()], [...this.numerics.keys()], [...this.sortTexts.keys()]]);
    for (const column of this.facets.values()) column.exportBuild(build);
    for (const column of this.numerics.values()) column.exportBuild(build);
    for (const column of this.sortTexts.values()) column.exportBuild(build);
  }

  /**
   * Takes exported columns into these (configured for the same facets, over an empty table).
   * @throws BuildFormatError when the build's facets are not these.
   */
  importBuild(build: BuildReader): void {
    const [facets, numerics, sortTexts] = build.json() as [string[], string[], string[]];
    if (JSON.stringify(facets) !== JSON.stringify([...this.facets.keys()]))
      throw new BuildFormatError('The build was made with other attributes for faceting');
    for (const column of this.facets.values()) column.importBuild(build);
    for (const path of numerics) {
      const column = new NumericColumn(path);
      column.importBuild(build);
      this.numerics.set(path, column);
    }
    if (!Array.isArray(sortTexts)) throw new BuildFormatError('The build has no sort-text columns');
    for (const path of sortTexts) {
      const column = new SortTextColumn(path);
      column.importBuild(build);
      this.sortTexts.set(path, column);
    }
  }

  private lazyColumn<TColumn extends NumericColumn | SortTextColumn>(
    columns: Map<string, TColumn>,
    path: string,
    create: () => TColumn,
  ): TColumn {
    let column = columns.get(path);
    if (column === undefined) {
      const created = create();
      this.documents.forEachLive((documentNumber, record) => {
        created.addDocument(documentNumber, record);
      });
      columns.set(path, created);
      column = created;
    }
    return column;
  }
}
