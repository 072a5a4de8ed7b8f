import { formatNumber, formatRating } from '../format.ts';
import { adminEn } from './admin-en.ts';
import { autocompleteEn } from './autocomplete-en.ts';
import { commerceEn } from './commerce-en.ts';
import { consentEn } from './consent-en.ts';
import { recommendEn } from './recommend-en.ts';

/**
 * English messages: the reference catalogue. `Messages` is derived from it, so the French catalogue must
 * have exactly the same keys (a missing or extra key fails the type-check).
 */
export const en = {
  ...commerceEn,
  ...consentEn,
  ...adminEn,
  ...recommendEn,
  ...autocompleteEn,
  site: {
    name: 'Vitrine',
    skipToContent: 'Skip to content',
    description:
      'Vitrine: sportswear, yoga clothing and outdoor gear, with instant search in French and English.',
  },
  header: {
    home: 'Vitrine home',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    menuTitle: 'Menu',
    searchLabel: 'Search the shop',
    searchPlaceholder: 'Jackets, leggings, backpacks…',
    searchSubmit: 'Search',
    cart: (count: number) => (count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`),
  },
  navigation: {
    title: 'Categories',
    home: 'Home',
  },
  home: {
    title: 'Vitrine: sportswear, yoga and outdoor gear',
    heroEyebrow: 'New season',
    heroTitle: 'Gear up for every move',
    heroText:
      'Jackets for the trail, leggings for the studio, bags for the commute: find what you need in a few keystrokes.',
    heroPrimary: 'Shop women',
    heroSecondary: 'Shop men',
    departmentsTitle: 'Shop by category',
    shopDepartment: (department: string) => `Shop ${department}`,
    productCount: (count: number) => (count === 1 ? '1 product' : `${count} products`),
    emptyCatalogue: 'The catalogue is empty for now. Come back soon.',
  },
  footer: {
    languageLabel: 'Language',
    switchLanguage: 'Lire en français',
    about: 'A bilingual demo shop with instant product search.',
    credits: 'Product photos and descriptions: Magento Luma sample data.',
  },
  search: {
    title: 'Search',
    titleWithQuery: (query: string) => `“${query}”: search results`,
    categoryTitle: (category: string) => `${category}: shop the collection`,
    description: 'Search sportswear, yoga clothing and outdoor gear, with instant results.',
    categoryDescription: (category: string) =>
      `${category} at Vitrine: filter by colour, size, price and rating.`,
    heading: 'All products',
    headingWithQuery: (query: string) => `Results for “${query}”`,
    searchLabel: 'Search products',
    searchPlaceholder: 'Search jackets, leggings, bags…',
    searchSubmit: 'Search',
    searchReset: 'Clear the search',
    results: (count: number) =>
      count === 1 ? '1 product' : `${formatNumber(count, 'en')} products`,
    loading: 'Loading results…',
    errorTitle: 'Search is unavailable right now',
    errorText: 'We could not load the results. Please try again in a moment.',
    retry: 'Try again',
    noResultsTitle: (query: string) =>
      query ? `No products match “${query}”` : 'No products match these filters',
    noResultsText: 'Check the spelling, try fewer or more general words, or remove some filters.',
    relaxedTitle: (query: string) => `Results for “${query}”`,
    relaxedGeneric: 'Results for a shorter search',
    searchInstead: (query: string) => `Search for “${query}” instead`,
    clearFilters: 'Clear all filters',
    /** Beside "See N products" in the phone's filter panel, where the full label does not fit. */
    clearFiltersShort: 'Clear all',
    filtersTitle: 'Filters',
    openFilters: (count: number) => (count === 0 ? 'Filters' : `Filters (${count})`),
    closeFilters: 'Close the filters',
    seeResults: (count: number) =>
      count === 1 ? 'See 1 product' : `See ${formatNumber(count, 'en')} products`,
    sortLabel: 'Sort by',
    sorts: {
      relevance: 'Relevance',
      'price-asc': 'Price: low to high',
      'price-desc': 'Price: high to low',
      rating: 'Best rated',
      newest: 'Newest',
    },
    hitsPerPageLabel: 'Products per page',
    hitsPerPage: (count: number) => `${count} per page`,
    pagination: {
      label: 'Pages of results',
      previous: 'Previous page',
      next: 'Next page',
      page: (page: number) => `Page ${page}`,
    },
    facets: {
      category: 'Category',
      colors: 'Colour',
      sizes: 'Size',
      price: 'Price',
      rating: 'Rating',
      material: 'Material',
      activity: 'Activity',
      gender: 'Gender',
      highlights: 'Highlights',
      eco: 'Eco-friendly',
      sale: 'On sale',
      new: 'New arrivals',
    },
    facetSearch: (facet: string) => `Search ${facet.toLowerCase()}`,
    facetNoMatch: 'No matching value',
    showMore: 'Show more',
    showLess: 'Show less',
    facetCount: (count: number) =>
      count === 1 ? '1 product' : `${formatNumber(count, 'en')} products`,
    allCategories: 'All categories',
    breadcrumbLabel: 'Category path',
    priceMin: 'Minimum price',
    priceMax: 'Maximum price',
    priceApply: 'Apply',
    priceRange: (min: string, max: string) => `${min} – ${max}`,
    priceFrom: (min: string) => `From ${min}`,
    priceUpTo: (max: string) => `Up to ${max}`,
    ratingAtLeast: (stars: number) => (stars === 1 ? '1 star & up' : `${stars} stars & up`),
    ratingOutOfFive: (rating: number) => `Rated ${formatNumber(rating, 'en')} out of 5`,
    /** The average shown beside the stars: `4.3`. */
    ratingValue: (rating: number) => formatRating(rating, 'en'),
    reviews: (count: number) => (count === 1 ? '1 review' : `${count} reviews`),
    facetValue: (facet: string, value: string) => `${facet}: ${value}`,
    activeFilters: 'Active filters',
    removeFilter: (name: string) => `Remove the filter ${name}`,
    colorCount: (count: number) => (count === 1 ? '1 colour' : `${count} colours`),
    showColor: (color: string) => `Show in ${color.toLowerCase()}`,
    badges: { sale: 'Sale', new: 'New', eco: 'Eco' },
    bannerLink: 'Find out more',
    yes: 'Yes',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundText:
      'The page you are looking for has moved or never existed. Try a search or start again from the home page.',
    serverErrorTitle: 'Something went wrong',
    serverErrorText: 'We could not display this page. Please try again in a moment.',
    backHome: 'Back to the home page',
    code: (status: number) => `Error ${status}`,
  },
};

export type Messages = typeof en;
