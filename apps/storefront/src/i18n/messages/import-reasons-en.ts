import type { CatalogueReasonTexts } from '@vitrine/catalogue/record-reasons';
import type { UploadProblemCode } from '../../lib/admin/upload-problems.ts';

const typeNames: Readonly<Record<string, string>> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
  undefined: 'nothing',
};
const typeName = (type: string) => typeNames[type] ?? type;
const languageNames: Readonly<Record<string, string>> = { en: 'English', fr: 'French' };
const language = (code: string) => languageNames[code] ?? code;
const fieldNames: Readonly<Record<string, string>> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
};
const field = (name: string) => fieldNames[name] ?? name;
const atMost = (comparison: string, bound: number) =>
  comparison === '<'
    ? `below ${bound}`
    : comparison === 'exactly '
      ? `${bound}`
      : `at most ${bound}`;
const atLeast = (comparison: string, bound: number) =>
  comparison === '>'
    ? `above ${bound}`
    : comparison === 'exactly '
      ? `${bound}`
      : `at least ${bound}`;

/**
 * The console's English for the reasons a catalogue file or record is refused (codes of
 * `@vitrine/catalogue/record-reasons`): the merchant's words, record numbers counted from 1.
 */
export const importReasonsEn: CatalogueReasonTexts = {
  'value.missing': ({ expected }) => `missing (expected ${typeName(expected)})`,
  'value.wrongType': ({ expected, received }) =>
    `expected ${typeName(expected)}, found ${typeName(received)}`,
  'number.tooSmall': ({ minimum, comparison }) => `must be ${atLeast(comparison, minimum)}`,
  'number.tooBig': ({ maximum, comparison }) => `must be ${atMost(comparison, maximum)}`,
  'text.tooShort': ({ minimum, comparison }) =>
    minimum === 1 && comparison === '>='
      ? 'must not be empty'
      : `must have ${atLeast(comparison, minimum)} characters`,
  'text.tooLong': ({ maximum, comparison }) =>
    `must have ${atMost(comparison, maximum)} characters`,
  'list.tooShort': ({ minimum, comparison }) =>
    minimum === 1 && comparison === '>='
      ? 'must not be empty'
      : `must hold ${atLeast(comparison, minimum)} items`,
  'list.tooLong': ({ maximum, comparison }) => `must hold ${atMost(comparison, maximum)} items`,
  'date.invalid': () => 'must be a date and time such as 2024-01-31T09:00:00Z',
  'text.pattern': ({ pattern }) => `does not have the expected form (${pattern})`,
  'keys.unrecognized': ({ keys }) => `unknown fields: ${keys.join(', ')}`,
  'value.invalid': ({ detail }) => `invalid value (${detail})`,
  'texts.fieldNotText': (p) => `the ${language(p.language)} ${field(p.field)} must be a text`,
  'texts.fieldEmpty': (p) => `the ${language(p.language)} ${field(p.field)} must not be empty`,
  'texts.fieldTooLong': (p) =>
    `the ${language(p.language)} ${field(p.field)} must have at most ${p.maximum} characters`,
  'texts.slugFormat': (p) =>
    `the ${language(p.language)} slug must be lower-case words joined by hyphens (such as juno-jacket)`,
  'texts.languageNotObject': (p) =>
    `the ${language(p.language)} texts must be an object {name, slug, description}`,
  'texts.unsupportedLanguage': ({ languages, supported }) =>
    `texts in a language the shop does not have: ${languages.join(', ')} (the shop has ${supported.join(', ')})`,
  'texts.notObject': () => 'texts must be an object {en: {name, slug, description}, fr?: {…}}',
  'record.fieldBesideTexts': (p) =>
    `${p.field} belongs under texts.en (or texts.fr) when the record has texts`,
  'published.notBoolean': () => 'published must be true or false',
  'duplicate.id': (p) => `the id “${p.value}” is already used by record ${p.firstPosition + 1}`,
  'duplicate.slug': (p) =>
    `the English slug “${p.value}” is already used by record ${p.firstPosition + 1}`,
  'duplicate.frenchSlug': (p) =>
    `the French slug “${p.value}” is already used by record ${p.firstPosition + 1}`,
  'duplicate.sku': (p) => `the SKU “${p.value}” is already used by record ${p.firstPosition + 1}`,
  'stored.skuTaken': (p) =>
    `the SKU “${p.value}” belongs to the shop’s product “${p.productId}”, which the file does not hold`,
  'catalogue.invalidRecords': ({ invalid, total, problems }) =>
    `${invalid.toLocaleString('en')} of ${total.toLocaleString('en')} products ${invalid === 1 ? 'is' : 'are'} invalid (${problems === 1 ? '1 problem' : `${problems.toLocaleString('en')} problems`}); nothing was imported.`,
  'catalogue.empty': () => 'The file holds no products; nothing was imported.',
  'catalogue.notArray': () =>
    'The file must hold a list of products, or {"products": [...]}; nothing was imported.',
  'catalogue.conflict': ({ detail }) =>
    `A slug or SKU of the file belongs to another product of the shop (${detail}); nothing was imported.`,
  'file.notUtf8': () => 'it is not text in UTF-8',
  'file.lineNotJson': (p) => `line ${p.line} (record ${p.record}) is not valid JSON (${p.detail})`,
  'file.recordNotJson': (p) =>
    `record ${p.record} (line ${p.line}) is not valid JSON (${p.detail})`,
  'file.notCatalogue': () => 'it is not a JSON list of products, nor {"products": [...]}',
  'file.cutShort': ({ after }) =>
    `it ends before its list of products is closed (after record ${after})`,
  'file.readFailed': () => 'it did not arrive whole',
};

/** The upload's own refusals (`lib/admin/upload-problems.ts`). */
export const uploadProblemsEn: Readonly<Record<UploadProblemCode, string>> = {
  'console.signIn': 'Your session has ended: sign in again, then send the file again.',
  'console.crossOrigin': 'The file must be sent from the merchant console itself.',
  'console.unavailable': 'The search service does not answer: try again in a moment.',
  'upload.unsupportedType': 'Send a JSON (.json) or NDJSON (.ndjson, .jsonl) file.',
  'upload.alreadyRunning': 'This upload is already under way.',
  'upload.noAdminKey':
    'The shop has no admin key for its search service yet: start the search service, then try again.',
  'upload.network': 'The file could not be sent: the connection to the shop was lost.',
  'upload.failed': 'The shop could not import the file: try again in a moment.',
};
