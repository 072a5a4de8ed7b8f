import { formatNumber, formatRating } from '../format.ts';
import { adminFr } from './admin-fr.ts';
import { autocompleteFr } from './autocomplete-fr.ts';
import { commerceFr } from './commerce-fr.ts';
import { consentFr } from './consent-fr.ts';
import type { Messages } from './en.ts';
import { recommendFr } from './recommend-fr.ts';

export const fr: Messages = {
  ...commerceFr,
  ...consentFr,
  ...adminFr,
  ...recommendFr,
  ...autocompleteFr,
  site: {
    name: 'Vitrine',
    skipToContent: 'Aller au contenu',
    description:
      'Vitrine : vêtements de sport, tenues de yoga et équipement outdoor, avec une recherche instantanée en français et en anglais.',
  },
  header: {
    home: 'Accueil Vitrine',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    menuTitle: 'Menu',
    searchLabel: 'Rechercher dans la boutique',
    searchPlaceholder: 'Vestes, leggings, sacs à dos…',
    searchSubmit: 'Rechercher',
    cart: (count: number) =>
      count <= 1 ? `Panier, ${count} article` : `Panier, ${count} articles`,
  },
  navigation: {
    title: 'Catégories',
    home: 'Accueil',
  },
  home: {
    title: 'Vitrine : vêtements de sport, yoga et outdoor',
    heroEyebrow: 'Nouvelle saison',
    heroTitle: 'Équipé pour chaque mouvement',
    heroText:
      'Des vestes pour le trail, des leggings pour le studio, des sacs pour la ville : trouvez ce qu’il vous faut en quelques lettres.',
    heroPrimary: 'Voir la collection femme',
    heroSecondary: 'Voir la collection homme',
    departmentsTitle: 'Parcourir les catégories',
    shopDepartment: (department: string) => `Tout le rayon ${department}`,
    productCount: (count: number) => (count <= 1 ? `${count} produit` : `${count} produits`),
    emptyCatalogue: 'Le catalogue est vide pour le moment. Revenez bientôt.',
  },
  footer: {
    languageLabel: 'Langue',
    switchLanguage: 'Read in English',
    about: 'Une boutique de démonstration bilingue, avec recherche instantanée.',
    credits: 'Photos et descriptions des produits : données d’exemple Magento Luma.',
  },
  search: {
    title: 'Recherche',
    titleWithQuery: (query: string) => `« ${query} » : résultats de recherche`,
    categoryTitle: (category: string) => `${category} : toute la sélection`,
    description:
      'Cherchez parmi nos vêtements de sport, tenues de yoga et équipements outdoor, avec des résultats instantanés.',
    categoryDescription: (category: string) =>
      `${category} chez Vitrine : filtrez par couleur, taille, prix et note.`,
    heading: 'Tous les produits',
    /** No-break spaces inside « »: a line never starts with the closing one. */
    headingWithQuery: (query: string) => `Résultats pour «\u00a0${query}\u00a0»`,
    searchLabel: 'Rechercher des produits',
    searchPlaceholder: 'Vestes, leggings, sacs…',
    searchSubmit: 'Rechercher',
    searchReset: 'Effacer la recherche',
    results: (count: number) =>
      count <= 1 ? `${count} produit` : `${formatNumber(count, 'fr')} produits`,
    loading: 'Chargement des résultats…',
    errorTitle: 'La recherche est momentanément indisponible',
    errorText: 'Nous n’avons pas pu charger les résultats. Réessayez dans un instant.',
    retry: 'Réessayer',
    noResultsTitle: (query: string) =>
      query
        ? `Aucun produit ne correspond à «\u00a0${query}\u00a0»`
        : 'Aucun produit ne correspond à ces filtres',
    noResultsText:
      'Vérifiez l’orthographe, essayez des mots moins nombreux ou plus généraux, ou retirez des filtres.',
    relaxedTitle: (query: string) => `Résultats pour «\u00a0${query}\u00a0»`,
    relaxedGeneric: 'Résultats pour une recherche plus courte',
    searchInstead: (query: string) => `Rechercher «\u00a0${query}\u00a0» à la place`,
    clearFilters: 'Effacer tous les filtres',
    clearFiltersShort: 'Tout effacer',
    filtersTitle: 'Filtres',
    openFilters: (count: number) => (count === 0 ? 'Filtres' : `Filtres (${count})`),
    closeFilters: 'Fermer les filtres',
    seeResults: (count: number) =>
      count <= 1 ? `Voir ${count} produit` : `Voir ${formatNumber(count, 'fr')} produits`,
    sortLabel: 'Trier par',
    sorts: {
      relevance: 'Pertinence',
      'price-asc': 'Prix croissant',
      'price-desc': 'Prix décroissant',
      rating: 'Mieux notés',
      newest: 'Nouveautés',
    },
    hitsPerPageLabel: 'Produits par page',
    hitsPerPage: (count: number) => `${count} par page`,
    pagination: {
      label: 'Pages de résultats',
      previous: 'Page précédente',
      next: 'Page suivante',
      page: (page: number) => `Page ${page}`,
    },
    facets: {
      category: 'Catégorie',
      colors: 'Couleur',
      sizes: 'Taille',
      price: 'Prix',
      rating: 'Note',
      material: 'Matière',
      activity: 'Activité',
      gender: 'Genre',
      highlights: 'À la une',
      eco: 'Écoresponsable',
      sale: 'En promotion',
      new: 'Nouveautés',
    },
    facetSearch: (facet: string) => `Rechercher (${facet.toLowerCase()})`,
    facetNoMatch: 'Aucune valeur ne correspond',
    showMore: 'Voir plus',
    showLess: 'Voir moins',
    facetCount: (count: number) =>
      count <= 1 ? `${count} produit` : `${formatNumber(count, 'fr')} produits`,
    allCategories: 'Toutes les catégories',
    breadcrumbLabel: 'Chemin de la catégorie',
    priceMin: 'Prix minimum',
    priceMax: 'Prix maximum',
    priceApply: 'Appliquer',
    priceRange: (min: string, max: string) => `${min} – ${max}`,
    priceFrom: (min: string) => `À partir de ${min}`,
    priceUpTo: (max: string) => `Jusqu’à ${max}`,
    ratingAtLeast: (stars: number) =>
      stars === 1 ? '1 étoile et plus' : `${stars} étoiles et plus`,
    ratingOutOfFive: (rating: number) => `Noté ${formatNumber(rating, 'fr')} sur 5`,
    ratingValue: (rating: number) => formatRating(rating, 'fr'),
    reviews: (count: number) => `${count} avis`,
    facetValue: (facet: string, value: string) => `${facet} : ${value}`,
    activeFilters: 'Filtres actifs',
    removeFilter: (name: string) => `Retirer le filtre ${name}`,
    colorCount: (count: number) => (count <= 1 ? `${count} couleur` : `${count} couleurs`),
    showColor: (color: string) => `Voir en ${color.toLowerCase()}`,
    badges: { sale: 'Promo', new: 'Nouveau', eco: 'Éco' },
    bannerLink: 'En savoir plus',
    yes: 'Oui',
  },
  errors: {
    notFoundTitle: 'Page introuvable',
    notFoundText:
      'La page que vous cherchez a été déplacée ou n’a jamais existé. Lancez une recherche ou repartez de l’accueil.',
    serverErrorTitle: 'Une erreur est survenue',
    serverErrorText: 'Nous n’avons pas pu afficher cette page. Réessayez dans un instant.',
    backHome: 'Retour à l’accueil',
    code: (status: number) => `Erreur ${status}`,
  },
};
