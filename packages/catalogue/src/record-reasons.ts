/**
 * Why a catalogue (or one of its records) is refused, as a stable code and its parameters: the CLI prints the
 * English text made here (the wording the import always had), the merchant console translates the code into
 * its page's language (`apps/storefront/src/i18n/messages/import-reasons-*.ts`). No zod at run time, so the
 * console's browser code may import the codes.
 */
import type { z } from 'zod';

/** A type name as the reasons say it: `string`, `number`, `int`, `boolean`, `array`, `object`, `null`… */
type TypeName = string;
/** `>=`, `>` or `exactly ` (how a bound is compared, as zod words it). */
type Comparison = string;

/** Each code's parameters (plain JSON values: they travel in the import's answer). */
export interface CatalogueReasonParams {
  /** A field is missing: `{expected: 'string'}`. */
  'value.missing': { readonly expected: TypeName };
  'value.wrongType': { readonly expected: TypeName; readonly received: TypeName };
  'number.tooSmall': { readonly minimum: number; readonly comparison: Comparison };
  'number.tooBig': { readonly maximum: number; readonly comparison: Comparison };
  'text.tooShort': { readonly minimum: number; readonly comparison: Comparison };
  'text.tooLong': { readonly maximum: number; readonly comparison: Comparison };
  'list.tooShort': { readonly minimum: number; readonly comparison: Comparison };
  'list.tooLong': { readonly maximum: number; readonly comparison: Comparison };
  'date.invalid': Record<string, never>;
  'text.pattern': { readonly pattern: string };
  'keys.unrecognized': { readonly keys: readonly string[] };
  /** Anything else zod may say (kept in English in `detail`). */
  'value.invalid': { readonly detail: string };
  'texts.fieldNotText': { readonly language: string; readonly field: string };
  'texts.fieldEmpty': { readonly language: string; readonly field: string };
  'texts.fieldTooLong': {
    readonly language: string;
    readonly field: string;
    readonly maximum: number;
  };
  'texts.slugFormat': { readonly language: string };
  'texts.languageNotObject': { readonly language: string };
  'texts.unsupportedLanguage': {
    readonly languages: readonly string[];
    readonly supported: readonly string[];
  };
  'texts.notObject': Record<string, never>;
  'record.fieldBesideTexts': { readonly field: string };
  'published.notBoolean': Record<string, never>;
  /** `firstPosition`: the 0-based position of the record that used the value first. */
  'duplicate.id': { readonly value: string; readonly firstPosition: number };
  'duplicate.slug': { readonly value: string; readonly firstPosition: number };
  'duplicate.frenchSlug': { readonly value: string; readonly firstPosition: number };
  'duplicate.sku': { readonly value: string; readonly firstPosition: number };
  /** A SKU the store gives to a product that the file does not hold (an upsert would have taken it from it). */
  'stored.skuTaken': { readonly value: string; readonly productId: string };
  /** The whole file: `invalid` of `total` records are refused, with `problems` problems in all. */
  'catalogue.invalidRecords': {
    readonly invalid: number;
    readonly total: number;
    readonly problems: number;
  };
  'catalogue.empty': Record<string, never>;
  'catalogue.notArray': Record<string, never>;
  /** A slug or SKU that a product already in the store has (`detail`: the database's words). */
  'catalogue.conflict': { readonly detail: string };
  'file.notUtf8': Record<string, never>;
  'file.lineNotJson': { readonly line: number; readonly record: number; readonly detail: string };
  'file.recordNotJson': { readonly record: number; readonly line: number; readonly detail: string };
  'file.notCatalogue': Record<string, never>;
  'file.cutShort': { readonly after: number };
  'file.readFailed': { readonly detail: string };
}

export type CatalogueReasonCode = keyof CatalogueReasonParams;

/** One reason: its code and that code's parameters. */
export type CatalogueReason = {
  [C in CatalogueReasonCode]: { readonly code: C; readonly params: CatalogueReasonParams[C] };
}[CatalogueReasonCode];

/** A text for every code: the CLI's English below, each console language in the storefront's messages. */
export type CatalogueReasonTexts = {
  readonly [C in CatalogueReasonCode]: (params: CatalogueReasonParams[C]) => string;
};

const languageNames: Readonly<Record<string, string>> = { en: 'English', fr: 'French' };
const named = (language: string, field: string) =>
  `${languageNames[language] ?? language} ${field} (texts.${language}.${field})`;
const quoted = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(', ');

/** The English of each reason: the wording of the CLI and of the import's answers. */
export const englishReasons: CatalogueReasonTexts = {
  'value.missing': ({ expected }) => `Invalid input: expected ${expected}, received undefined`,
  'value.wrongType': ({ expected, received }) =>
    `Invalid input: expected ${expected}, received ${received}`,
  'number.tooSmall': ({ minimum, comparison }) =>
    `Too small: expected number to be ${comparison}${minimum}`,
  'number.tooBig': ({ maximum, comparison }) =>
    `Too big: expected number to be ${comparison}${maximum}`,
  'text.tooShort': ({ minimum, comparison }) =>
    `Too small: expected string to have ${comparison}${minimum} characters`,
  'text.tooLong': ({ maximum, comparison }) =>
    `Too big: expected string to have ${comparison}${maximum} characters`,
  'list.tooShort': ({ minimum, comparison }) =>
    `Too small: expected array to have ${comparison}${minimum} items`,
  'list.tooLong': ({ maximum, comparison }) =>
    `Too big: expected array to have ${comparison}${maximum} items`,
  'date.invalid': () => 'Invalid ISO datetime',
  'text.pattern': ({ pattern }) => `Invalid string: must match pattern ${pattern}`,
  'keys.unrecognized': ({ keys }) =>
    `Unrecognized key${keys.length > 1 ? 's' : ''}: ${quoted(keys)}`,
  'value.invalid': ({ detail }) => detail,
  'texts.fieldNotText': ({ language, field }) => `${named(language, field)} must be a text`,
  'texts.fieldEmpty': ({ language, field }) => `${named(language, field)} must not be empty`,
  'texts.fieldTooLong': ({ language, field, maximum }) =>
    `${named(language, field)} must be at most ${maximum} characters`,
  'texts.slugFormat': ({ language }) =>
    `${named(language, 'slug')} must be lower-case words joined by hyphens`,
  'texts.languageNotObject': ({ language }) =>
    `${languageNames[language] ?? language} texts (texts.${language}) must be an object {name, slug, description}`,
  'texts.unsupportedLanguage': ({ languages, supported }) =>
    `texts in an unsupported language: ${languages.join(', ')} (supported: ${supported.join(', ')})`,
  'texts.notObject': () => 'texts must be an object {en: {name, slug, description}, fr?: {…}}',
  'record.fieldBesideTexts': ({ field }) =>
    `${field} belongs under texts.en (or texts.fr) when the record has texts`,
  'published.notBoolean': () => 'published must be true or false',
  'duplicate.id': ({ value, firstPosition }) =>
    `duplicate id "${value}" (already used at position ${firstPosition})`,
  'duplicate.slug': ({ value, firstPosition }) =>
    `duplicate English slug "${value}" (already used at position ${firstPosition})`,
  'duplicate.frenchSlug': ({ value, firstPosition }) =>
    `duplicate French slug "${value}" (already used at position ${firstPosition})`,
  'duplicate.sku': ({ value, firstPosition }) =>
    `duplicate sku "${value}" (already used at position ${firstPosition})`,
  'stored.skuTaken': ({ value, productId }) =>
    `sku "${value}" belongs to product "${productId}" in the store, which the file does not hold`,
  'catalogue.invalidRecords': ({ invalid, total, problems }) =>
    `${invalid} of ${total} products ${invalid === 1 ? 'is' : 'are'} invalid (${problems === 1 ? '1 problem' : `${problems} problems`}); nothing was imported.`,
  'catalogue.empty': () => 'The catalogue holds no products.',
  'catalogue.notArray': () =>
    'The body must be a JSON object {"products": [...]} holding an array of products.',
  'catalogue.conflict': ({ detail }) =>
    `The catalogue gives a slug or SKU that another product already has: ${detail}; nothing was imported.`,
  'file.notUtf8': () => 'the file is not valid UTF-8',
  'file.lineNotJson': ({ line, record, detail }) =>
    `line ${line} (record ${record}) is not valid JSON (${detail})`,
  'file.recordNotJson': ({ record, line, detail }) =>
    `record ${record} (line ${line}) is not valid JSON (${detail})`,
  'file.notCatalogue': () => 'expected a JSON array of products or {"products": [...]}',
  'file.cutShort': ({ after }) =>
    `the file ends before its array of products is closed (after record ${after})`,
  'file.readFailed': ({ detail }) => `the file could not be read to its end (${detail})`,
};

/** Every code, for the tests that check each has a text in every language. */
export const catalogueReasonCodes = Object.keys(englishReasons) as CatalogueReasonCode[];

/** A reason as it travels (JSON): its code, and its parameters (those of that code). */
export interface ReasonFields {
  readonly code: CatalogueReasonCode;
  readonly params: CatalogueReason['params'];
}

/** A reason's text in the language of `texts` (`englishReasons` for the CLI). */
export function reasonText(
  reason: ReasonFields,
  texts: CatalogueReasonTexts = englishReasons,
): string {
  // The union of functions cannot be called with the union of params: each code's pair is consistent.
  const text = texts[reason.code] as (params: CatalogueReason['params']) => string;
  return text(reason.params);
}

/** The reason with its English text, as a record error carries them. */
export function reasoned(reason: CatalogueReason): ReasonFields & { readonly reason: string } {
  return { code: reason.code, params: reason.params, reason: reasonText(reason) };
}

const textFields = new Set(['name', 'slug', 'description']);

/**
 * The code of one of `catalogueProductSchema`'s issues (parsed with `reportInput: true`, so that the type it
 * received can be named). The schema's own messages are made from these codes too.
 */
export function reasonOfIssue(issue: z.core.$ZodIssue): CatalogueReason {
  const path = issue.path.map(String);
  const [first, language, field] = path;
  if (first === 'texts' && path.length === 3 && language && field && textFields.has(field)) {
    if (issue.code === 'invalid_type')
      return { code: 'texts.fieldNotText', params: { language, field } };
    if (issue.code === 'too_small')
      return { code: 'texts.fieldEmpty', params: { language, field } };
    if (issue.code === 'too_big') {
      return {
        code: 'texts.fieldTooLong',
        params: { language, field, maximum: Number(issue.maximum) },
      };
    }
    if (issue.code === 'invalid_format') return { code: 'texts.slugFormat', params: { language } };
  }
  if (first === 'texts' && path.length === 2 && language && issue.code === 'invalid_type') {
    return { code: 'texts.languageNotObject', params: { language } };
  }
  if (first === 'texts' && path.length === 1) {
    if (issue.code === 'unrecognized_keys') {
      return {
        code: 'texts.unsupportedLanguage',
        params: { languages: issue.keys, supported: ['en', 'fr'] },
      };
    }
    return { code: 'texts.notObject', params: {} };
  }
  if (path.length === 1 && first && textFields.has(first) && issue.code === 'invalid_type') {
    return { code: 'record.fieldBesideTexts', params: { field: first } };
  }
  if (path.length === 1 && first === 'published' && issue.code === 'invalid_type') {
    return { code: 'published.notBoolean', params: {} };
  }
  return genericReason(issue);
}

/** Zod's own issues, by their kind and origin (its English wording is `englishReasons`'). */
function genericReason(issue: z.core.$ZodIssue): CatalogueReason {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { code: 'value.missing', params: { expected: issue.expected } }
        : {
            code: 'value.wrongType',
            params: { expected: issue.expected, received: typeOf(issue.input) },
          };
    case 'too_small': {
      const comparison = issue.exact ? 'exactly ' : issue.inclusive ? '>=' : '>';
      const minimum = Number(issue.minimum);
      if (issue.origin === 'number')
        return { code: 'number.tooSmall', params: { minimum, comparison } };
      if (issue.origin === 'string')
        return { code: 'text.tooShort', params: { minimum, comparison } };
      if (issue.origin === 'array')
        return { code: 'list.tooShort', params: { minimum, comparison } };
      break;
    }
    case 'too_big': {
      const comparison = issue.exact ? 'exactly ' : issue.inclusive ? '<=' : '<';
      const maximum = Number(issue.maximum);
      if (issue.origin === 'number')
        return { code: 'number.tooBig', params: { maximum, comparison } };
      if (issue.origin === 'string')
        return { code: 'text.tooLong', params: { maximum, comparison } };
      if (issue.origin === 'array')
        return { code: 'list.tooLong', params: { maximum, comparison } };
      break;
    }
    case 'invalid_format':
      if (issue.format === 'datetime') return { code: 'date.invalid', params: {} };
      if (issue.format === 'regex' && issue.pattern) {
        return { code: 'text.pattern', params: { pattern: issue.pattern } };
      }
      break;
    case 'unrecognized_keys':
      return { code: 'keys.unrecognized', params: { keys: issue.keys } };
  }
  return { code: 'value.invalid', params: { detail: issue.message } };
}

/** The type of a JSON value as zod names it (`array` and `null` apart from `object`). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}
