import type { Messages } from './en.ts';

export const fr: Messages = {
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
