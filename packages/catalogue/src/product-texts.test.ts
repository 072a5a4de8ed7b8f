import { describe, expect, it } from 'vitest';
import { loadLumaSample } from './load-luma-sample.ts';
import { lumaToCatalogue } from './luma-to-catalogue.ts';
import { validateCatalogue } from './validate-catalogue.ts';

const [sample] = loadLumaSample();
if (!sample) throw new Error('the Luma sample is empty');
const { texts: _texts, ...withoutTexts } = sample;
const english = { name: 'Juno Jacket', slug: 'juno-jacket', description: 'A rain jacket.' };
const french = { name: 'Veste Juno', slug: 'veste-juno', description: 'Une veste de pluie.' };

/** The errors of a one-product catalogue, as `path: reason`. */
function errorsOf(record: unknown): string[] {
  const result = validateCatalogue([record]);
  return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.reason}`);
}

describe('product texts in a catalogue file', () => {
  it('accepts English and French texts, and English alone', () => {
    const bilingual = validateCatalogue([{ ...withoutTexts, texts: { en: english, fr: french } }]);
    expect(bilingual.ok && bilingual.products[0]?.texts).toEqual({ en: english, fr: french });
    const englishOnly = validateCatalogue([{ ...withoutTexts, texts: { en: english } }]);
    expect(englishOnly.ok && englishOnly.products[0]?.texts).toEqual({ en: english });
  });

  it('reads the plain name, slug and description of older files as the English texts', () => {
    const result = validateCatalogue([{ ...withoutTexts, ...english }]);
    expect(result.ok && result.products[0]?.texts).toEqual({ en: english });
  });

  it('names the language and the field of each bad text', () => {
    expect(
      errorsOf({
        ...withoutTexts,
        texts: { en: english, fr: { name: '', slug: 'Veste Juno', description: 'x' } },
      }),
    ).toEqual([
      'texts.fr.name: French name (texts.fr.name) must not be empty',
      'texts.fr.slug: French slug (texts.fr.slug) must be lower-case words joined by hyphens',
    ]);
    expect(errorsOf({ ...withoutTexts, texts: { fr: french } })).toEqual([
      'texts.en: English texts (texts.en) must be an object {name, slug, description}',
    ]);
    expect(
      errorsOf({ ...withoutTexts, texts: { en: { ...english, description: undefined } } }),
    ).toEqual(['texts.en.description: English description (texts.en.description) must be a text']);
  });

  it('refuses a language it does not know, naming it', () => {
    expect(errorsOf({ ...withoutTexts, texts: { en: english, de: french } })).toEqual([
      'texts: texts in an unsupported language: de (supported: en, fr)',
    ]);
  });

  it('refuses a French slug two products share', () => {
    const other = { ...withoutTexts, id: 'OTHER', variants: [] };
    const result = validateCatalogue([
      { ...withoutTexts, texts: { en: english, fr: french } },
      {
        ...other,
        variants: [{ ...sample.variants[0], sku: 'OTHER-1' }],
        texts: { en: { ...english, slug: 'juno-jacket-2' }, fr: french },
      },
    ]);
    expect(result.ok ? [] : result.errors).toMatchObject([
      {
        position: 1,
        path: 'texts.fr.slug',
        reason: 'duplicate French slug "veste-juno" (already used at position 0)',
      },
    ]);
  });
});

describe('the Luma sample in French', () => {
  const raw = [
    { sku: 'WJ06', name: 'Juno Jacket', price: 77, description: 'Rain.' },
    { sku: 'WJ07', name: 'Inez Full Zip Jacket', price: 59, description: 'Zip.' },
  ];

  it('takes the French texts by SKU, each French slug unique, and leaves products without them English', () => {
    const products = lumaToCatalogue(raw, [], [], {
      WJ06: { name: 'Veste Juno', slug: 'veste-juno', description: 'Pluie.' },
    });
    expect(products.map((product) => product.texts)).toEqual([
      {
        en: { name: 'Juno Jacket', slug: 'juno-jacket', description: 'Rain.' },
        fr: { name: 'Veste Juno', slug: 'veste-juno', description: 'Pluie.' },
      },
      { en: { name: 'Inez Full Zip Jacket', slug: 'inez-full-zip-jacket', description: 'Zip.' } },
    ]);
    const twice = lumaToCatalogue(raw, [], [], {
      WJ06: { name: 'Veste Juno', slug: 'veste', description: '' },
      WJ07: { name: 'Veste Inez', slug: 'veste', description: '' },
    });
    expect(twice.map((product) => product.texts.fr?.slug)).toEqual(['veste', 'veste-2']);
  });
});
