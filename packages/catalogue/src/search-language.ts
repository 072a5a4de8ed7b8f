import type { ProductLanguage } from './catalogue-product.ts';

/**
 * The query parameters that make one search of the `products` index a search in one language (decision 0014):
 * which attributes it searches (that language's texts plus the language-neutral ones: brand, sizes, and the
 * labels of categories, colours and materials in that language), the language of its analysis (plurals,
 * stop words, elisions) and the attributes it highlights and snippets. Both languages share one index;
 * `restrictSearchableAttributes` keeps the ranking order of `productIndexSettings.searchableAttributes`.
 */
export interface LanguageSearchParameters {
  readonly restrictSearchableAttributes: string[];
  readonly queryLanguages: ProductLanguage[];
  readonly attributesToHighlight: string[];
  readonly attributesToSnippet: string[];
}

/** A record's attribute holding each product text in each language. */
export const textAttributes = {
  en: { name: 'name', slug: 'slug', description: 'description' },
  fr: { name: 'nameFr', slug: 'slugFr', description: 'descriptionFr' },
} as const satisfies Record<ProductLanguage, Record<'name' | 'slug' | 'description', string>>;

/** Words of a description shown in a card's snippet. */
const snippetWords = 24;

const neutral = ['brand', 'sizes'] as const;

const searchableByLanguage: Record<ProductLanguage, readonly string[]> = {
  en: [
    textAttributes.en.name,
    'categories',
    'hierarchicalCategories.lvl1',
    'color',
    'material',
    'style',
    'activity',
    'gender',
    ...neutral,
    textAttributes.en.description,
  ],
  // The English names and category keys too, after the French texts in the index's order: French shoppers
  // also type English shop words ("hoodie", "jacket", "tank"), and a French page finding nothing for them
  // would send them away. The English descriptions stay out (their common words would match everything).
  fr: [
    textAttributes.fr.name,
    'labelsFr',
    ...neutral,
    textAttributes.fr.description,
    textAttributes.en.name,
    'categories',
    'hierarchicalCategories.lvl1',
  ],
};

export function languageSearchParameters(language: ProductLanguage): LanguageSearchParameters {
  const attributes = textAttributes[language];
  return {
    restrictSearchableAttributes: [...searchableByLanguage[language]],
    queryLanguages: [language],
    attributesToHighlight: [attributes.name],
    attributesToSnippet: [`${attributes.description}:${snippetWords}`],
  };
}
