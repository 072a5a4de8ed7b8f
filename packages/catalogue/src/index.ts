export * from './catalogue-product.ts';
export { cleanCategoryPaths, departmentRoots } from './clean-category-paths.ts';
export { cleanText, splitValues } from './clean-text.ts';
export { slugify, stableHash } from './deterministic.ts';
export { frenchLabels, type Locale, label } from './labels.ts';
export {
  catalogueReferenceDate,
  type LumaReviewRow,
  lumaToCatalogue,
} from './luma-to-catalogue.ts';
export { type ColorVariant, type ProductSearchRecord, toSearchRecords } from './search-record.ts';
export {
  productIndexSettings,
  productReplicas,
  productsIndex,
  replicaSettings,
} from './search-settings.ts';
export {
  type CatalogueRecordError,
  type CatalogueValidation,
  validateCatalogue,
} from './validate-catalogue.ts';
