/**
 * English messages: the reference catalogue. `Messages` is derived from it, so the French catalogue must
 * have exactly the same keys (a missing or extra key fails the type-check).
 */
export const en = {
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
