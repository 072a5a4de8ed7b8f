import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dataFolder = join(dirname(fileURLToPath(import.meta.url)), '../data/luma');
const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(join(dataFolder, file), 'utf8'));

interface FrenchText {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
}

const sample = readJson('products_normalized.json') as { sku: string; name: string }[];
const french = readJson('products_fr.json') as Record<string, FrenchText>;

describe('the French texts of the Luma sample (products_fr.json)', () => {
  it('gives every sample product, and only those, a French name, slug and description', () => {
    expect(Object.keys(french).sort()).toEqual(sample.map((product) => product.sku).sort());
    for (const text of Object.values(french)) {
      expect(text.name.trim()).not.toBe('');
      expect(text.description.trim()).not.toBe('');
    }
  });

  it('gives each product its own URL-safe slug of at most 120 characters', () => {
    const slugs = Object.values(french).map((text) => text.slug);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(slug.length).toBeLessThanOrEqual(120);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('names products in French, not with their English names', () => {
    for (const product of sample) expect(french[product.sku]?.name).not.toBe(product.name.trim());
  });

  it('keeps « : ; ! ? » from wrapping away from the word before them', () => {
    for (const text of Object.values(french)) expect(text.description).not.toMatch(/ [:;!?»]|« /);
  });
});
