/**
 * The keys API on the wire (docs/api.md §2.10): request bodies → `KeyAttributes`, keys → response JSON.
 * Arrays are echoed exactly as stored, because `waitForApiKey` compares them element by element.
 */
import { isJsonObject } from './decode-params.ts';
import { readInteger, readString } from './read-param.ts';
import { SearchApiError } from './search-api-error.ts';

/** Every ACL Algolia defines. */
export const aclValues = [
  'search',
  'browse',
  'addObject',
  'deleteObject',
  'deleteIndex',
  'settings',
  'editSettings',
  'listIndexes',
  'analytics',
  'recommendation',
  'logs',
  'usage',
  'personalization',
  'seeUnretrievableAttributes',
  'inference',
] as const;
/** One ACL name (`search`, `addObject`, …). */
export type Acl = (typeof aclValues)[number];

/** What a caller may set on a key; every field has Algolia's default when omitted. */
export interface KeyAttributes {
  readonly acl: readonly Acl[];
  readonly description: string;
  readonly indexes: readonly string[];
  readonly referers: readonly string[];
  /** Seconds from creation; 0 = never expires. */
  readonly validity: number;
  /** 0 = no cap. */
  readonly maxHitsPerQuery: number;
  /** 0 = unlimited. */
  readonly maxQueriesPerIPPerHour: number;
  /** URL-encoded search parameters forced on every call. */
  readonly queryParameters: string;
}

/** A key as the keys API shows it. */
export interface KeyView extends KeyAttributes {
  readonly value: string;
  readonly createdAt: Date;
}

const maxInt32 = 2_147_483_647;

/**
 * Parses a create/update body. `acl` is required; omitted fields take their defaults (an update is a full
 * replace, docs/api.md §2.10).
 * `{ "acl": ["search"], "indexes": ["products*"] }` → `{ acl: ['search'], indexes: ['products*'],
 * description: '', referers: [], validity: 0, maxHitsPerQuery: 0, maxQueriesPerIPPerHour: 0, queryParameters: '' }`.
 * @throws SearchApiError 400 naming the field.
 */
export function parseKeyAttributes(body: unknown): KeyAttributes {
  if (!isJsonObject(body)) throw new SearchApiError(400, 'The request body must be a JSON object');
  const acl = readArray(body['acl'], 'acl');
  if (acl === undefined) throw new SearchApiError(400, 'acl is required');
  return {
    acl: acl.map((value) => {
      const found = aclValues.find((known) => known === value);
      if (!found) throw new SearchApiError(400, `acl contains an unknown ACL: ${String(value)}`);
      return found;
    }),
    description: body['description'] == null ? '' : readString(body['description'], 'description'),
    indexes: readStrings(body['indexes'], 'indexes'),
    referers: readStrings(body['referers'], 'referers'),
    validity: readCount(body['validity'], 'validity'),
    maxHitsPerQuery: readCount(body['maxHitsPerQuery'], 'maxHitsPerQuery'),
    maxQueriesPerIPPerHour: readCount(body['maxQueriesPerIPPerHour'], 'maxQueriesPerIPPerHour'),
    queryParameters:
      body['queryParameters'] == null ? '' : readString(body['queryParameters'], 'queryParameters'),
  };
}

function readArray(value: unknown, name: string): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new SearchApiError(400, `${name} must be an array of strings`);
  return value;
}

function readStrings(value: unknown, name: string): string[] {
  return (readArray(value, name) ?? []).map((item) => {
    if (typeof item !== 'string')
      throw new SearchApiError(400, `${name} must be an array of strings`);
    return item;
  });
}

function readCount(value: unknown, name: string): number {
  return value === undefined || value === null ? 0 : readInteger(value, name, 0, maxInt32);
}

/**
 * Formats a key for `GET /1/keys` and `GET /1/keys/{key}`: `createdAt` in ms since the epoch.
 * @param redactDescription - true for a non-admin caller reading its own key (`<redacted>`).
 */
export function formatKey(key: KeyView, redactDescription = false): Record<string, unknown> {
  return {
    value: key.value,
    createdAt: key.createdAt.getTime(),
    acl: key.acl,
    description: redactDescription ? '<redacted>' : key.description,
    indexes: key.indexes,
    referers: key.referers,
    validity: key.validity,
    maxHitsPerQuery: key.maxHitsPerQuery,
    maxQueriesPerIPPerHour: key.maxQueriesPerIPPerHour,
    queryParameters: key.queryParameters,
  };
}
