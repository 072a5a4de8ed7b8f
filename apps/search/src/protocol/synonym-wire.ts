/**
 * Synonym objects on the wire (docs/api.md §2.9) → the engine's `SynonymEntry`. Camel-case type spellings
 * (`oneWaySynonym`, `altCorrection1`) are accepted and stored in the lower-case form.
 */
import type { SynonymEntry } from '../engine/index.ts';
import { isJsonObject, type RawParams } from './decode-params.ts';
import { SearchApiError } from './search-api-error.ts';

/** Most synonyms an index holds (docs/api.md §8). */
export const maxSynonymsPerIndex = 10_000;

/**
 * Validates one synonym object.
 * `{ "objectID": "s1", "type": "oneWaySynonym", "input": "phone", "synonyms": ["smartphone"] }` →
 * `{ objectID: 's1', type: 'onewaysynonym', input: 'phone', synonyms: ['smartphone'] }`.
 * @param where - names the object in error messages (`synonyms[3]`).
 * @throws SearchApiError 400 naming the field.
 */
export function validateSynonym(input: unknown, where = 'synonym'): SynonymEntry {
  if (!isJsonObject(input)) throw new SearchApiError(400, `${where} must be an object`);
  const objectID = readText(input['objectID'], `${where}.objectID`);
  const type = typeof input['type'] === 'string' ? input['type'].toLowerCase() : undefined;
  switch (type) {
    case 'synonym':
      return { objectID, type, synonyms: readWords(input, 'synonyms', where, 2) };
    case 'onewaysynonym':
      return {
        objectID,
        type,
        input: readText(input['input'], `${where}.input`),
        synonyms: readWords(input, 'synonyms', where, 1),
      };
    case 'altcorrection1':
    case 'altcorrection2':
      return {
        objectID,
        type,
        word: readText(input['word'], `${where}.word`),
        corrections: readWords(input, 'corrections', where, 1),
      };
    case 'placeholder':
      return {
        objectID,
        type,
        placeholder: readText(input['placeholder'], `${where}.placeholder`),
        replacements: readWords(input, 'replacements', where, 1),
      };
    default:
      throw new SearchApiError(
        400,
        `${where}.type must be one of synonym, onewaysynonym, altcorrection1, altcorrection2, placeholder`,
      );
  }
}

/** Validates the body of `synonyms/batch`: an array of synonym objects. */
export function validateSynonyms(input: unknown): SynonymEntry[] {
  if (!Array.isArray(input)) throw new SearchApiError(400, 'The body must be an array of synonyms');
  return input.map((item, index) => validateSynonym(item, `synonyms[${index}]`));
}

function readText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new SearchApiError(400, `${name} must be a non-empty string`);
  }
  return value;
}

function readWords(input: RawParams, field: string, where: string, min: number): string[] {
  const value = input[field];
  if (!Array.isArray(value) || value.length < min) {
    throw new SearchApiError(400, `${where}.${field} must be an array of at least ${min} strings`);
  }
  return value.map((item, index) => readText(item, `${where}.${field}[${index}]`));
}
