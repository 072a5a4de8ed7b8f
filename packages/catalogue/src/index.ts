/**
 * The whole package, for the server, scripts and benchmarks. Browser code imports the module it needs by
 * its subpath instead (`@vitrine/catalogue/labels`, `/deterministic`, `/search-settings`, or `import type`
 * from `/catalogue-product`): this barrel also re-exports the zod schemas of `catalogue-product.ts`, and
 * zod alone is about 30 KB gzip of first-load JavaScript. `"sideEffects": false` in package.json lets the
 * bundler drop the modules a client import does not use, but subpaths do not depend on that.
 */
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
export {
  type CatalogueReason,
  type CatalogueReasonCode,
  type CatalogueReasonParams,
  type CatalogueReasonTexts,
  catalogueReasonCodes,
  englishReasons,
  type ReasonFields,
  reasoned,
  reasonOfIssue,
  reasonText,
} from './record-reasons.ts';
export {
  type LanguageSearchParameters,
  languageSearchParameters,
  textAttributes,
} from './search-language.ts';
export { type ColorVariant, type ProductSearchRecord, toSearchRecords } from './search-record.ts';
export {
  type ProductSynonym,
  productIndexSettings,
  productReplicas,
  productSynonyms,
  productsIndex,
  replicaSettings,
} from './search-settings.ts';
export {
  type CatalogueRecordError,
  type CatalogueValidation,
  duplicateFinder,
  invalidCatalogueMessage,
  invalidCatalogueParams,
  maxListedErrors,
  schemaErrors,
  validateCatalogue,
} from './validate-catalogue.ts';
