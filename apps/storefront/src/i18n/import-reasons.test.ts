import {
  type CatalogueReasonParams,
  catalogueReasonCodes,
  englishReasons,
  reasonText,
} from '@vitrine/catalogue/record-reasons';
import { describe, expect, it } from 'vitest';
import { uploadProblemCodes } from '../lib/admin/upload-problems.ts';
import { messagesFor } from './messages.ts';

/** One set of parameters per code: a code added without a sample fails to compile, and the loop below. */
const samples: { readonly [C in keyof CatalogueReasonParams]: CatalogueReasonParams[C] } = {
  'value.missing': { expected: 'string' },
  'value.wrongType': { expected: 'number', received: 'string' },
  'number.tooSmall': { minimum: 0, comparison: '>=' },
  'number.tooBig': { maximum: 5, comparison: '<=' },
  'text.tooShort': { minimum: 1, comparison: '>=' },
  'text.tooLong': { maximum: 64, comparison: '<=' },
  'list.tooShort': { minimum: 1, comparison: '>=' },
  'list.tooLong': { maximum: 3, comparison: '<=' },
  'date.invalid': {},
  'text.pattern': { pattern: '/^[a-z]+$/' },
  'keys.unrecognized': { keys: ['colour'] },
  'value.invalid': { detail: 'Invalid input' },
  'texts.fieldNotText': { language: 'fr', field: 'slug' },
  'texts.fieldEmpty': { language: 'en', field: 'name' },
  'texts.fieldTooLong': { language: 'fr', field: 'description', maximum: 5000 },
  'texts.slugFormat': { language: 'fr' },
  'texts.languageNotObject': { language: 'en' },
  'texts.unsupportedLanguage': { languages: ['de'], supported: ['en', 'fr'] },
  'texts.notObject': {},
  'record.fieldBesideTexts': { field: 'slug' },
  'published.notBoolean': {},
  'duplicate.id': { value: 'MJ01', firstPosition: 0 },
  'duplicate.slug': { value: 'juno-jacket', firstPosition: 2 },
  'duplicate.frenchSlug': { value: 'veste-juno', firstPosition: 2 },
  'duplicate.sku': { value: 'MJ01-M-Black', firstPosition: 4 },
  'stored.skuTaken': { value: 'MJ01-M-Black', productId: 'MJ01' },
  'catalogue.invalidRecords': { invalid: 2, total: 40, problems: 3 },
  'catalogue.empty': {},
  'catalogue.notArray': {},
  'catalogue.conflict': { detail: 'Key (slug)=(juno-jacket) already exists.' },
  'file.notUtf8': {},
  'file.lineNotJson': { line: 3, record: 3, detail: 'Unexpected token' },
  'file.recordNotJson': { record: 2, line: 9, detail: 'Unexpected token' },
  'file.notCatalogue': {},
  'file.cutShort': { after: 12 },
  'file.readFailed': { detail: 'aborted' },
};

const upload = {
  en: messagesFor('en').admin.console.upload,
  fr: messagesFor('fr').admin.console.upload,
};

describe('the upload’s reasons in the console', () => {
  it('has an English and a French text for every code of a refused catalogue or record', () => {
    expect(Object.keys(samples).sort()).toEqual([...catalogueReasonCodes].sort());
    for (const language of ['en', 'fr'] as const) {
      expect(Object.keys(upload[language].reasons).sort()).toEqual(
        [...catalogueReasonCodes].sort(),
      );
    }
    for (const code of catalogueReasonCodes) {
      const reason = { code, params: samples[code] };
      const english = reasonText(reason, upload.en.reasons);
      const french = reasonText(reason, upload.fr.reasons);
      expect(english, code).not.toMatch(/undefined|NaN|\[object/);
      expect(french, code).not.toMatch(/undefined|NaN|\[object/);
      expect(french, `${code} is not translated`).not.toBe(english);
      // The CLI's English stays its own.
      expect(reasonText(reason, englishReasons)).not.toBe('');
    }
  });

  it('says a record’s reason with its position in French', () => {
    const messages = messagesFor('fr').admin.console;
    const reason = reasonText(
      { code: 'number.tooSmall', params: { minimum: 0, comparison: '>=' } },
      upload.fr.reasons,
    );
    expect(messages.catalogue.record(3, 'variants.0.stock', reason)).toBe(
      'enregistrement 3, variants.0.stock : doit valoir au moins 0',
    );
  });

  it('has an English and a French text for every refusal of the upload itself', () => {
    for (const code of uploadProblemCodes) {
      expect(upload.en.problems[code], code).toMatch(/\w/);
      expect(upload.fr.problems[code], `${code} is not translated`).not.toBe(
        upload.en.problems[code],
      );
    }
  });
});
