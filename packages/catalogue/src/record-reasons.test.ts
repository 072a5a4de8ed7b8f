import { describe, expect, it } from 'vitest';
import { catalogueProductSchema } from './catalogue-product.ts';
import { loadLumaSample } from './load-luma-sample.ts';
import { reasonOfIssue, reasonText } from './record-reasons.ts';
import { validateCatalogue } from './validate-catalogue.ts';

const [sample] = loadLumaSample();
if (!sample) throw new Error('the sample is empty');
const good = JSON.parse(JSON.stringify(sample)) as Record<string, unknown>;
const variant = (sample.variants[0] ?? {}) as Record<string, unknown>;
const { texts: _texts, ...withoutTexts } = good;

/** Records broken in every way the schema knows, each a different kind of issue. */
const broken: unknown[] = [
  'not a record',
  null,
  {},
  { ...good, id: 42 },
  { ...good, id: '' },
  { ...good, id: 'x'.repeat(65) },
  { ...good, brand: null },
  { ...good, categories: [] },
  { ...good, categories: [['A', 'B', 'C', 'D']] },
  { ...good, variants: [] },
  { ...good, variants: [{ ...variant, priceCents: -1 }] },
  { ...good, variants: [{ ...variant, priceCents: 1.5 }] },
  { ...good, variants: [{ ...variant, stock: 2_000_000 }] },
  { ...good, variants: [{ ...variant, color: 7 }] },
  { ...good, images: 'none' },
  { ...good, reviews: [{ author: 'A', title: 'T', text: 'X', rating: 9 }] },
  { ...good, createdAt: 'yesterday' },
  { ...good, popularity: '3' },
  { ...good, published: 'yes' },
  { ...good, attributes: { ...sample.attributes, eco: 'no' } },
  { ...good, slug: 'beside-texts' },
  { ...good, texts: 'english' },
  { ...good, texts: { en: sample.texts.en, de: sample.texts.en } },
  { ...good, texts: { en: 'Juno' } },
  { ...good, texts: { en: { ...sample.texts.en, name: '' } } },
  { ...good, texts: { en: { ...sample.texts.en, name: 'x'.repeat(201) } } },
  { ...good, texts: { en: { ...sample.texts.en, slug: 'Not A Slug' } } },
  { ...good, texts: { en: sample.texts.en, fr: { name: 'Veste', description: '' } } },
  { ...withoutTexts, name: 5, slug: 'ok', description: '' },
];

describe('the reasons of a refused record', () => {
  it('say in English exactly what the import always said, from their code and parameters', () => {
    const seen = new Set<string>();
    for (const record of broken) {
      const result = catalogueProductSchema.safeParse(record, { reportInput: true });
      expect(result.success, JSON.stringify(record)).toBe(false);
      for (const issue of result.error?.issues ?? []) {
        const reason = reasonOfIssue(issue);
        seen.add(reason.code);
        expect(reasonText(reason), issue.path.join('.')).toBe(issue.message);
      }
    }
    // Each issue has a code of its own: none falls back to zod's English.
    expect(seen.has('value.invalid')).toBe(false);
    expect(seen.size).toBeGreaterThanOrEqual(18);
  });

  it('give duplicates and the whole file’s verdict a code too', () => {
    const result = validateCatalogue([sample, sample]);
    const problems = 3 + sample.variants.length;
    expect(result).toMatchObject({
      ok: false,
      // The id, both slugs and each SKU.
      message: `1 of 2 products is invalid (${problems} problems); nothing was imported.`,
      problem: { code: 'catalogue.invalidRecords', params: { invalid: 1, total: 2, problems } },
    });
    expect(result.ok ? [] : result.errors[0]).toEqual({
      position: 1,
      path: 'id',
      code: 'duplicate.id',
      params: { value: sample.id, firstPosition: 0 },
      reason: `duplicate id "${sample.id}" (already used at position 0)`,
    });
  });
});
