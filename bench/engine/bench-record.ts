/**
 * The one record shape every engine indexes: the common fields of the three real catalogues. A type alias, not an
 * interface, so it is assignable to the engine's `SearchRecord` (an index signature).
 */
export type BenchRecord = {
  readonly objectID: string;
  readonly name: string;
  readonly description?: string;
  readonly brand: string;
  readonly categories: readonly string[];
  /** Euros for Luma and generated OFF prices, pounds for Online Retail (not converted: only ranges matter). */
  readonly price: number;
  readonly color?: string;
  readonly source: RecordSource;
};

export type RecordSource = 'luma' | 'off-fr' | 'online-retail';
