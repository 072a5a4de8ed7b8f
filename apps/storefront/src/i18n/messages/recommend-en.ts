/** English messages of the recommendation rows (spread into `en`). */
export const recommendEn = {
  recommend: {
    relatedProducts: 'You may also like',
    boughtTogether: 'Frequently bought together',
    lookingSimilar: 'Looking similar',
    trendingItems: 'Trending now',
    trendingCategories: 'Trending categories',
    trendingIn: (category: string) => `Trending in ${category}`,
    cartBoughtTogether: 'Goes well with your cart',
    loading: 'Loading recommendations…',
    previous: 'Scroll to previous products',
    next: 'Scroll to next products',
    thisItem: 'This item',
    addBoth: 'Add both to cart',
    addingBoth: 'Adding…',
    total: (price: string) => `Total: ${price}`,
    chooseFirst: {
      color: 'Choose a colour above to add both.',
      size: 'Choose a size above to add both.',
      both: 'Choose a colour and a size above to add both.',
    },
    chooseSizeOf: (name: string) => `Choose a size for ${name}`,
    unavailable: 'Out of stock',
    view: (name: string) => `View ${name}`,
  },
};
