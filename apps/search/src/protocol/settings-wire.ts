/**
 * Index settings on the wire (docs/api.md §4.1): `PUT …/settings` bodies are validated and normalized into the
 * stored settings document (Algolia names, typed values); the engine gets the subset it understands; `GET`
 * returns the defaults overlaid with what was set.
 */

import type { IndexSettings } from '../engine/index.ts';
import { defaultIndexSettings } from '../engine/index.ts';
import {
  attributeListSetting,
  checkFacetingEntry,
  checkNumericFilteringEntry,
  checkRankingEntry,
  checkSearchableEntry,
  checkSortEntry,
} from './attribute-list-settings.ts';
import { isJsonObject, type RawParams } from './decode-params.ts';
import { nameTable } from './name-table.ts';
import { readBoolean, readEnum, readInteger, readString, readStringList } from './read-param.ts';
import { SearchApiError } from './search-api-error.ts';
import { searchParamReaders, type WritableSearchOptions } from './search-param-table.ts';

/** The stored settings document: Algolia setting names → validated JSON values. */
export type SettingsDocument = { readonly [name: string]: unknown };

const maxUserDataBytes = 32 * 1024;
const maxVirtualReplicas = 20;

type SettingReader = (value: unknown) => unknown;

const listSetting =
  (name: string): SettingReader =>
  (value) =>
    readStringList(value, name);

/** Settings that are not search parameters. */
const indexSettingReaders = nameTable<SettingReader>({
  searchableAttributes: attributeListSetting('searchableAttributes', checkSearchableEntry),
  attributesForFaceting: attributeListSetting('attributesForFaceting', checkFacetingEntry),
  customRanking: attributeListSetting('customRanking', checkSortEntry),
  ranking: attributeListSetting('ranking', checkRankingEntry),
  unretrievableAttributes: listSetting('unretrievableAttributes'),
  numericAttributesForFiltering: attributeListSetting(
    'numericAttributesForFiltering',
    checkNumericFilteringEntry,
  ),
  camelCaseAttributes: listSetting('camelCaseAttributes'),
  disableTypoToleranceOnWords: listSetting('disableTypoToleranceOnWords'),
  indexLanguages: listSetting('indexLanguages'),
  attributeForDistinct: (value) => readString(value, 'attributeForDistinct'),
  separatorsToIndex: (value) => readString(value, 'separatorsToIndex'),
  keepDiacriticsOnCharacters: (value) => readString(value, 'keepDiacriticsOnCharacters'),
  relevancyStrictness: (value) => readInteger(value, 'relevancyStrictness', 0, 100),
  paginationLimitedTo: (value) => readInteger(value, 'paginationLimitedTo', 0, 20_000),
  replicas: readReplicas,
  renderingContent: (value) => readObject(value, 'renderingContent'),
  userData: readUserData,
  // Search parameters whose index value is the default of every query (search/prepare-search.ts).
  enableRules: (value) => readBoolean(value, 'enableRules'),
  responseFields: listSetting('responseFields'),
  ...storedOnlySettingReaders(),
});

/**
 * Algolia index settings the engine does not act on: validated, stored and returned by `GET /settings` as set,
 * so that what a client sets is what it gets back (and `replaceAllObjects`/copy keep them).
 */
function storedOnlySettingReaders(): { readonly [name: string]: SettingReader } {
  const boolean =
    (name: string): SettingReader =>
    (value) =>
      readBoolean(value, name);
  return {
    allowCompressionOfIntegerArray: boolean('allowCompressionOfIntegerArray'),
    attributeCriteriaComputedByMinProximity: boolean('attributeCriteriaComputedByMinProximity'),
    decompoundQuery: boolean('decompoundQuery'),
    enablePersonalization: boolean('enablePersonalization'),
    enableReRanking: boolean('enableReRanking'),
    attributesToTransliterate: listSetting('attributesToTransliterate'),
    disablePrefixOnAttributes: listSetting('disablePrefixOnAttributes'),
    mode: (value) => readEnum(value, 'mode', ['neuralSearch', 'keywordSearch']),
    customNormalization: (value) => readObject(value, 'customNormalization'),
    decompoundedAttributes: (value) => readObject(value, 'decompoundedAttributes'),
    semanticSearch: (value) => readObject(value, 'semanticSearch'),
    reRankingApplyFilter: (value) => value,
  };
}

/** Search parameters that are not index settings, though they share the reader table. */
const queryOnlyParams = new Set([
  'relevancyStrictness',
  'facets',
  'page',
  'offset',
  'length',
  'getRankingInfo',
  'restrictSearchableAttributes',
  'sumOrFiltersScores',
  'facetingAfterDistinct',
]);

/** A validated `PUT /settings` body. */
export interface SettingsUpdate {
  /** Settings to set, validated. */
  readonly set: SettingsDocument;
  /** Settings sent as `null`: back to their default. */
  readonly reset: readonly string[];
}

/**
 * Validates a `PUT /settings` body. Unknown settings are ignored; `null` resets a setting; `primary` is
 * read-only and ignored.
 * `{ "customRanking": ["desc(rank)"], "hitsPerPage": null }` → `{ set: { customRanking: ['desc(rank)'] },
 * reset: ['hitsPerPage'] }`.
 * @throws SearchApiError 400 naming the setting.
 */
export function parseSettingsUpdate(body: unknown): SettingsUpdate {
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The settings body must be a JSON object');
  const set: Record<string, unknown> = {};
  const reset: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const known = readSetting(name, value);
    if (!known.recognized) continue;
    if (value === null) reset.push(name);
    else set[name] = known.value;
  }
  return { set, reset };
}

function readSetting(name: string, value: unknown): { recognized: boolean; value?: unknown } {
  const indexReader = indexSettingReaders[name];
  if (indexReader) return { recognized: true, value: value === null ? null : indexReader(value) };
  const paramReader = queryOnlyParams.has(name) ? undefined : searchParamReaders[name];
  if (!paramReader) return { recognized: false };
  if (value === null) return { recognized: true, value: null };
  // Validated by the query reader, but stored as sent (`distinct: true` stays `true`): GET returns what was set,
  // and toEngineSettings normalizes.
  normalizeParam(paramReader, name, value);
  return { recognized: true, value };
}

function normalizeParam(
  reader: (value: unknown, options: WritableSearchOptions) => void,
  name: string,
  value: unknown,
): unknown {
  const options: WritableSearchOptions = {};
  reader(value, options);
  return (options as RawParams)[name];
}

function readReplicas(value: unknown): string[] {
  // Algolia documents `replicas: [""]` as the way to unlink every replica: blank entries name no index.
  const replicas = readStringList(value, 'replicas').filter((replica) => replica.trim() !== '');
  const virtual = replicas.filter((replica) => parseReplica(replica).virtual).length;
  if (virtual > maxVirtualReplicas) {
    throw new SearchApiError(
      400,
      `replicas may hold at most ${maxVirtualReplicas} virtual replicas`,
    );
  }
  for (const replica of replicas) {
    if (parseReplica(replica).name === '')
      throw new SearchApiError(400, 'replicas must be index names');
  }
  return replicas;
}

/** `virtual(products_rel)` → `{ name: 'products_rel', virtual: true }`; `a` → `{ name: 'a', virtual: false }`. */
export function parseReplica(entry: string): { readonly name: string; readonly virtual: boolean } {
  const match = /^virtual\((.*)\)$/.exec(entry.trim());
  return match
    ? { name: (match[1] ?? '').trim(), virtual: true }
    : { name: entry.trim(), virtual: false };
}

function readObject(value: unknown, name: string): RawParams {
  if (!isJsonObject(value)) throw new SearchApiError(400, `${name} must be a JSON object`);
  return value;
}

function readUserData(value: unknown): unknown {
  if (Buffer.byteLength(JSON.stringify(value)) > maxUserDataBytes) {
    throw new SearchApiError(400, `userData must be at most ${maxUserDataBytes} bytes of JSON`);
  }
  return value;
}

const engineSettingNames = new Set(Object.keys(defaultIndexSettings()));

/**
 * The engine's view of a settings document: only the settings the engine understands.
 * `{ customRanking: ['desc(rank)'], replicas: ['a'] }` → `{ customRanking: ['desc(rank)'] }`.
 */
export function toEngineSettings(document: SettingsDocument): Partial<IndexSettings> {
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(document)) {
    if (!engineSettingNames.has(name) || value === undefined) continue;
    const paramReader =
      indexSettingReaders[name] === undefined && !queryOnlyParams.has(name)
        ? searchParamReaders[name]
        : undefined;
    if (paramReader === undefined) {
      settings[name] = value;
      continue;
    }
    try {
      settings[name] = normalizeParam(paramReader, name, value);
    } catch {
      // Stored by a version that accepted it and refused since (a setting's check got stricter): the engine
      // uses its default rather than the index failing to load; GET /settings still shows the stored value.
    }
  }
  return settings as Partial<IndexSettings>;
}

/** `GET /settings`: Algolia's defaults overlaid with the stored document (undefined defaults left out). */
export function formatSettings(document: SettingsDocument): Record<string, unknown> {
  const formatted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(defaultIndexSettings())) {
    if (value !== undefined) formatted[name] = value;
  }
  return { ...formatted, ...document };
}
