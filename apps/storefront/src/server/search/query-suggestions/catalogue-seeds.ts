/**
 * The catalogue's own queries, for a shop with no search traffic yet: its category names, its product types (the
 * head noun of product names: the last word in English, "Juno Jacket" → "jacket"; the first in French, "Veste
 * Juno" → "veste") and its brands, in each language, each counted by the products it covers. Pushed as the
 * `{query, count}` records of an `external` source of the Query Suggestions configurations (seed-indices.ts).
 */
import { label } from '@vitrine/catalogue';
import type { CategorySummary } from '../../../lib/catalogue/category-tree.ts';
import type { ProductNames } from '../../store/product-names.ts';

export type SeedLanguage = 'en' | 'fr';

/** One seed record: Algolia's external-source shape. */
export type QuerySeed = {
  readonly objectID: string;
  readonly query: string;
  readonly count: number;
};

/** A product type must name this many products: a model name ("Juno") names one. */
export const minProductsPerType = 2;

/** Counts the seeds of a catalogue read page by page. */
export class SeedCounter {
  readonly #counts = { en: new Map<string, number>(), fr: new Map<string, number>() };
  readonly #types = { en: new Map<string, number>(), fr: new Map<string, number>() };

  /** Adds a product's type and brand in each language it has a name in (French falls back to English). */
  addProduct(product: ProductNames): void {
    const english = product.names.en;
    const french = product.names.fr;
    add(this.#types.en, headNoun(english, 'en'));
    if (french !== undefined) add(this.#types.fr, headNoun(french, 'fr'));
    for (const language of ['en', 'fr'] as const) add(this.#counts[language], product.brand);
  }

  /** Adds the leaf name of every category path, in each language, counted by its products. */
  addCategories(categories: readonly CategorySummary[]): void {
    for (const { path, productCount } of categories) {
      const name = path.at(-1);
      if (name === undefined || path.length < 2) continue;
      for (const language of ['en', 'fr'] as const)
        add(this.#counts[language], label(name, language), productCount);
    }
  }

  /** The seeds of a language, the most common first. */
  seeds(language: SeedLanguage): QuerySeed[] {
    const counts = new Map(this.#counts[language]);
    for (const [type, count] of this.#types[language])
      if (count >= minProductsPerType) add(counts, type, count);
    return [...counts]
      .map(([query, count]) => ({ objectID: query, query, count }))
      .sort((a, b) => b.count - a.count || (a.query < b.query ? -1 : 1));
  }
}

/** The head noun of a product name, lower-cased; `undefined` when it has none of 3 letters or more. */
export function headNoun(name: string, language: SeedLanguage): string | undefined {
  const words = name
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => /^\p{L}{3,}$/u.test(word));
  return language === 'en' ? words.at(-1) : words[0];
}

function add(counts: Map<string, number>, text: string | undefined, count = 1): void {
  const query = text?.trim().toLowerCase();
  if (!query) return;
  counts.set(query, (counts.get(query) ?? 0) + count);
}
