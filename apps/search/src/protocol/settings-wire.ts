/**
 * Index settings on the wire (docs/api.md §4.1): `PUT …/settings` bodies are validated and normalized into the
 * stored settings document (Algolia names, typed values); the service reads a document once into a typed
 * `StoredSettings` (the engine's subset, the replica links, the query defaults); `GET` returns the defaults
 * overlaid with what was set.
 */

import type { IndexSettings, RenderingContent } from '../engine/index.ts';
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

/** One entry of a primary's `replicas`: `virtual(products_rel)` → `{ name: 'products_rel', virtual: true }`. */
export interface ReplicaEntry {
  readonly name: string;
  readonly virtual: boolean;
}

/**
 * A settings document read once, where it enters an index: what the service acts on, typed, beside the document
 * itself (which the store keeps, copies carry and `GET /settings` returns as it was set).
 */
export interface StoredSettings {
  readonly document: SettingsDocument;
  /** On a replica: its primary's name. */
  readonly primary: string | undefined;
  /** On a primary: its replicas, in the order of `replicas`. */
  readonly replicas: readonly ReplicaEntry[];
  /** What the engine acts on (`toEngineSettings`). */
  readonly engine: Partial<IndexSettings>;
  /** Index settings that are the default of the search parameter of the same name (`enableRules`, …). */
  readonly queryDefaults: RawParams;
  readonly renderingContent: RenderingContent | undefined;
  /** Attributes only the admin key or the `seeUnretrievableAttributes` ACL may read. */
  readonly unretrievableAttributes: readonly string[];
}

/** Index settings that are search parameters the engine never sees: the index value is the query's default. */
const queryDefaultNames = ['enableRules', 'responseFields'] as const;

/**
 * Reads a stored (validated) settings document.
 * `{ primary: 'products', customRanking: ['desc(rank)'], enableRules: false }` → `{ primary: 'products',
 * replicas: [], engine: { customRanking: ['desc(rank)'] }, queryDefaults: { enableRules: false }, … }`.
 */
export function readStoredSettings(document: SettingsDocument): StoredSettings {
  const primary = document['primary'];
  const queryDefaults: Record<string, unknown> = {};
  for (const name of queryDefaultNames) {
    if (document[name] !== undefined) queryDefaults[name] = document[name];
  }
  const renderingContent = document['renderingContent'];
  const unretrievable = document['unretrievableAttributes'];
  return {
    document,
    primary: typeof primary === 'string' ? primary : undefined,
    replicas: replicaList(document).map(parseReplica),
    engine: toEngineSettings(document),
    queryDefaults,
    renderingContent:
      typeof renderingContent === 'object' &&
      renderingContent !== null &&
      !Array.isArray(renderingContent)
        ? (renderingContent as RenderingContent)
        : undefined,
    unretrievableAttributes: Array.isArray(unretrievable) ? unretrievable.map(String) : [],
  };
}

/** A document's `replicas` entries as written (`virtual(name)` for a virtual replica). */
export function replicaList(document: SettingsDocument): string[] {
  const replicas = document['replicas'];
  return Array.isArray(replicas) ? replicas.map(String) : [];
}

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
  // Search parameters whose index value is the default of every query (`queryDefaults`).
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
export function parseReplica(entry: string): ReplicaEntry {
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
