import type { recommendEn } from './recommend-en.ts';

/** French messages of the recommendation rows (spread into `fr`). */
export const recommendFr: typeof recommendEn = {
  recommend: {
    relatedProducts: 'Vous aimerez aussi',
    boughtTogether: 'Souvent achetés ensemble',
    lookingSimilar: 'Dans le même style',
    trendingItems: 'Tendances du moment',
    trendingCategories: 'Catégories tendance',
    trendingIn: (category: string) => `Tendances : ${category}`,
    cartBoughtTogether: 'Pour compléter votre panier',
    loading: 'Chargement des recommandations…',
    previous: 'Faire défiler vers les produits précédents',
    next: 'Faire défiler vers les produits suivants',
    thisItem: 'Cet article',
    addBoth: 'Ajouter les deux au panier',
    addingBoth: 'Ajout…',
    total: (price: string) => `Total : ${price}`,
    chooseFirst: {
      color: 'Choisissez une couleur ci-dessus pour ajouter les deux.',
      size: 'Choisissez une taille ci-dessus pour ajouter les deux.',
      both: 'Choisissez une couleur et une taille ci-dessus pour ajouter les deux.',
    },
    chooseSizeOf: (name: string) => `Choisir une taille pour ${name}`,
    unavailable: 'En rupture de stock',
    view: (name: string) => `Voir ${name}`,
  },
};
