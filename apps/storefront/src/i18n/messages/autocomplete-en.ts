/** The header's autocomplete panel, in English. */
export const autocompleteEn = {
  autocomplete: {
    suggestions: 'Suggestions',
    recent: 'Recent searches',
    products: 'Products',
    categories: 'Categories',
    inCategory: (category: string) => `in ${category}`,
    removeRecent: (query: string) => `Remove “${query}” from recent searches`,
    cancel: 'Cancel',
    clear: 'Clear',
    open: 'Search',
  },
};
