import { describe, expect, it } from 'vitest';
import { loadLumaSample } from './load-luma-sample.ts';
import { scaledCatalogue } from './scaled-catalogue.ts';
import { validateCatalogue } from './validate-catalogue.ts';

const sample = loadLumaSample();

describe('scaledCatalogue', () => {
  it('makes an importable catalogue whose ids, slugs and SKUs are all distinct', () => {
    const products = [...scaledCatalogue(sample, 1_000)];
    const validation = validateCatalogue(products);
    expect(validation.ok).toBe(true);
    const skus = products.flatMap((product) => product.variants.map((variant) => variant.sku));
    expect(new Set(products.map((product) => product.id)).size).toBe(1_000);
    expect(new Set(products.map((product) => product.texts.en.slug)).size).toBe(1_000);
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('keeps the categories, colours and sizes of the product each copy comes from', () => {
    const [first] = scaledCatalogue(sample, 1);
    const source = sample[0];
    expect(first?.categories).toEqual(source?.categories);
    expect(first?.variants.map(({ color, size }) => [color, size])).toEqual(
      source?.variants.map(({ color, size }) => [color, size]),
    );
    expect(first?.texts.en.name.endsWith(source?.texts.en.name ?? '?')).toBe(true);
    expect(first?.texts.en.name).not.toBe(source?.texts.en.name);
  });

  it('gives the same catalogue for the same seed and another for another seed', () => {
    const names = (seed: number) =>
      [...scaledCatalogue(sample, 400, seed)].map((p) => p.texts.en.name);
    expect(names(7)).toEqual(names(7));
    expect(names(7)).not.toEqual(names(8));
  });

  it('copies each language’s texts, each French slug unique', () => {
    const products = [...scaledCatalogue(sample, 400)];
    const copy = products[sample.length];
    const source = sample[0];
    expect(copy?.texts.fr?.name.endsWith(source?.texts.fr?.name ?? '?')).toBe(true);
    expect(copy?.texts.fr?.slug).toBe(`${source?.texts.fr?.slug}-k1`);
    const frenchSlugs = products.map((product) => product.texts.fr?.slug);
    expect(new Set(frenchSlugs).size).toBe(400);
  });
});
