import type { autocompleteEn } from './autocomplete-en.ts';

/** The header's autocomplete panel, in French. */
export const autocompleteFr: typeof autocompleteEn = {
  autocomplete: {
    suggestions: 'Suggestions',
    recent: 'Recherches récentes',
    products: 'Produits',
    categories: 'Catégories',
    inCategory: (category: string) => `dans ${category}`,
    removeRecent: (query: string) => `Retirer « ${query} » des recherches récentes`,
    cancel: 'Annuler',
    clear: 'Effacer',
    open: 'Rechercher',
  },
};
