/**
 * The `consequence` part of rule validation (`validate-rule.ts`).
 */
import type {
  Promotion,
  QueryEdit,
  RenderingContent,
  RuleConsequence,
  RuleParams,
  RuleQuery,
} from '../engine/index.ts';
import {
  parseFacetFilters,
  parseNumericFilters,
  parseOptionalFilters,
  parseTagFilters,
} from './parse-filter-arrays.ts';
import { parseFilterString } from './parse-filter-string.ts';
import { parseSearchParams } from './parse-search-params.ts';
import {
  jsonBytes,
  optional,
  readArray,
  readBoolean,
  readInteger,
  readObject,
  readString,
} from './read-rule-json.ts';
import { SearchApiError } from './search-api-error.ts';

/** Algolia's rule limits (docs/api.md §8). */
export const ruleLimits = {
  promoted: 300,
  promotedGroup: 100,
  maxPosition: 300,
  hidden: 50,
  userDataBytes: 1024,
  consequenceBytes: 100 * 1024,
} as const;

const arrayFilterParsers = {
  facetFilters: parseFacetFilters,
  numericFilters: parseNumericFilters,
  tagFilters: parseTagFilters,
  optionalFilters: parseOptionalFilters,
} as const;

/**
 * Checks a rule's consequence. `{ "promote": [{ "objectID": "sku-9", "position": 0 }], "userData": {…} }` →
 * the same as a `RuleConsequence`; 51 hidden records → 400 `rule.consequence.hide: at most 50 items are
 * allowed, got 51`.
 * @param value - the `consequence` JSON.
 * @param where - its name in error messages (`rule.consequence`).
 */
export function readConsequence(value: unknown, where: string): RuleConsequence {
  const json = readObject(value, where);
  if (jsonBytes(json) > ruleLimits.consequenceBytes) {
    throw new SearchApiError(
      400,
      `${where} must be at most ${ruleLimits.consequenceBytes} bytes of JSON`,
    );
  }
  const consequence: RuleConsequence = {
    ...optional(json, 'params', readParams, where),
    ...optional(json, 'promote', readPromotions, where),
    ...optional(json, 'hide', readHidden, where),
    ...optional(json, 'filterPromotes', readBoolean, where),
    ...optional(json, 'userData', readUserData, where),
  };
  const { params, promote, hide, userData } = consequence;
  if (
    params === undefined &&
    promote === undefined &&
    hide === undefined &&
    userData === undefined
  ) {
    throw new SearchApiError(
      400,
      `${where} must set at least one of params, promote, hide or userData`,
    );
  }
  return consequence;
}

function readParams(value: unknown, where: string): RuleParams {
  const json = readObject(value, where);
  const { filters } = json;
  if (filters !== undefined) {
    parseFilterString(readString(filters, `${where}.filters`), `${where}.filters`);
  }
  for (const [name, parse] of Object.entries(arrayFilterParsers)) {
    if (json[name] !== undefined) prefixErrors(`${where}.`, () => parse(json[name]));
  }
  // Every other search parameter is checked now, as a search would: a rule saved with `hitsPerPage: 5000` or
  // `aroundLatLng` would otherwise turn every search it matches into a 400.
  const { query: _query, renderingContent: _renderingContent, ...searchParams } = json;
  prefixErrors(`${where}.`, () => parseSearchParams(searchParams));
  return {
    ...json,
    ...optional(json, 'query', readQuery, where),
    ...optional(
      json,
      'renderingContent',
      (content, path) => readObject(content, path) as RenderingContent,
      where,
    ),
  };
}

function readQuery(value: unknown, where: string): RuleQuery {
  if (typeof value === 'string') return value;
  const json = readObject(value, where);
  return {
    ...optional(
      json,
      'remove',
      (list, path) =>
        readArray(list, path).map((word, index) => readString(word, `${path}[${index}]`)),
      where,
    ),
    ...optional(
      json,
      'edits',
      (list, path) =>
        readArray(list, path).map((edit, index) => readEdit(edit, `${path}[${index}]`)),
      where,
    ),
  };
}

function readEdit(value: unknown, where: string): QueryEdit {
  const { type, delete: rawDelete, insert } = readObject(value, where);
  if (type !== 'remove' && type !== 'replace') {
    throw new SearchApiError(400, `${where}.type must be one of remove, replace`);
  }
  const deleted = readString(rawDelete, `${where}.delete`);
  if (type === 'remove') return { type, delete: deleted };
  return { type, delete: deleted, insert: readString(insert, `${where}.insert`) };
}

function readPromotions(value: unknown, where: string): Promotion[] {
  const promotions = readArray(value, where).map((item, index) =>
    readPromotion(item, `${where}[${index}]`),
  );
  const count = promotions.reduce(
    (total, promotion) => total + ('objectIDs' in promotion ? promotion.objectIDs.length : 1),
    0,
  );
  if (count > ruleLimits.promoted) {
    throw new SearchApiError(
      400,
      `${where}: at most ${ruleLimits.promoted} promoted records are allowed, got ${count}`,
    );
  }
  const positions = new Set<number>();
  promotions.forEach((promotion, index) => {
    if (positions.has(promotion.position)) {
      throw new SearchApiError(
        400,
        `${where}[${index}].position ${promotion.position} is already used in this rule`,
      );
    }
    positions.add(promotion.position);
  });
  return promotions;
}

function readPromotion(value: unknown, where: string): Promotion {
  const { position: rawPosition, objectID, objectIDs: rawObjectIDs } = readObject(value, where);
  const position = readInteger(rawPosition, `${where}.position`, 0, ruleLimits.maxPosition);
  if (rawObjectIDs === undefined) {
    return { objectID: readString(objectID, `${where}.objectID`), position };
  }
  const objectIDs = readArray(rawObjectIDs, `${where}.objectIDs`, ruleLimits.promotedGroup).map(
    (id, index) => readString(id, `${where}.objectIDs[${index}]`),
  );
  if (objectIDs.length === 0) throw new SearchApiError(400, `${where}.objectIDs must not be empty`);
  return { objectIDs, position };
}

function readHidden(value: unknown, where: string): { objectID: string }[] {
  return readArray(value, where, ruleLimits.hidden).map((item, index) => {
    const { objectID } = readObject(item, `${where}[${index}]`);
    return { objectID: readString(objectID, `${where}[${index}].objectID`) };
  });
}

function readUserData(value: unknown, where: string): unknown {
  const bytes = jsonBytes(value);
  if (bytes > ruleLimits.userDataBytes) {
    throw new SearchApiError(
      400,
      `${where} must be at most ${ruleLimits.userDataBytes} bytes of JSON, got ${bytes}`,
    );
  }
  return value;
}

/** Runs `parse`, prefixing the message of any 400 it throws (`facetFilters[0]: …` → `rule…params.facetFilters[0]: …`). */
function prefixErrors(prefix: string, parse: () => unknown): void {
  try {
    parse();
  } catch (error) {
    if (!(error instanceof SearchApiError)) throw error;
    throw new SearchApiError(error.status, `${prefix}${error.message}`, { cause: error });
  }
}
