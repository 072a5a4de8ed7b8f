import type { adminEn } from './admin-en.ts';
import { consoleFr } from './console-fr.ts';

/** French messages of the merchant's sign-in and analytics pages (spread into `fr`). */
export const adminFr: typeof adminEn = {
  admin: {
    languageSwitch: 'English',
    languageSwitchLabel: 'View in English',
    area: 'Espace marchand',
    backToShop: 'Retour à la boutique',
    console: consoleFr,
    login: {
      title: 'Connexion marchand',
      intro: 'Connectez-vous pour voir ce que vos clients cherchent, cliquent et achètent.',
      password: 'Mot de passe',
      submit: 'Se connecter',
      hint: 'Le mot de passe est MERCHANT_PASSWORD, ou celui que la boutique a généré à son premier démarrage (son message de démarrage indique où).',
      signedOut: 'Vous êtes déconnecté.',
      errors: {
        invalid: 'Mot de passe incorrect. Réessayez.',
        throttled: 'Trop de mots de passe incorrects. Attendez 15 minutes avant de réessayer.',
      },
    },
    analytics: {
      title: 'Statistiques de recherche',
      signOut: 'Se déconnecter',
      period: 'Période',
      lastDays: (days: number) => `${days} derniers jours`,
      from: 'Du',
      to: 'Au',
      apply: 'Appliquer',
      showing: (from: string, to: string) => `Du ${from} au ${to}`,
      rangeProblems: {
        'invalid-date':
          'Ces dates ne sont pas valides (AAAA-MM-JJ) : affichage des 7 derniers jours.',
        reversed: 'La date de début est après la date de fin : affichage des 7 derniers jours.',
        'too-long': 'Une période dure au plus 366 jours : affichage des 7 derniers jours.',
      },
      kpis: {
        searches: 'Recherches',
        clickThroughRate: 'Taux de clic',
        averageClickPosition: 'Position moyenne des clics',
        conversionRate: 'Taux de conversion',
        noResultRate: 'Taux sans résultat',
      },
      notTracked: 'non mesuré',
      chartTitle: 'Recherches par jour',
      chartTable: 'Recherches par jour sous forme de tableau',
      date: 'Date',
      topSearches: 'Recherches les plus fréquentes',
      noResults: 'Recherches sans résultat',
      topClicked: 'Articles les plus cliqués',
      topConverted: 'Articles les plus convertis',
      filters: 'Utilisation des filtres',
      categoryLevel: (category: string, level: number) => `${category} (niveau ${level})`,
      rawAttribute: (attribute: string) => `Attribut des fiches : ${attribute}`,
      columns: {
        query: 'Recherche',
        count: 'Recherches',
        hits: 'Résultats',
        clickThroughRate: 'Taux de clic',
        conversionRate: 'Conversion',
        item: 'Article',
        clicks: 'Clics',
        conversions: 'Conversions',
        attribute: 'Filtre',
        uses: 'Utilisations',
      },
      emptyQuery: '(recherche vide)',
      unknownItem: (objectID: string) => `${objectID} (plus dans le catalogue)`,
      noRows: 'Rien sur cette période.',
      empty: {
        title: 'Aucune recherche sur cette période',
        body: 'Les recherches faites sur /search et /recherche apparaissent ici en quelques secondes. Essayez une période plus longue.',
      },
      errors: {
        title: 'Statistiques indisponibles',
        unreachable:
          'Le service de recherche ne répond pas. Vérifiez qu’il est démarré, puis rechargez la page.',
        'no-key':
          'La boutique n’a pas encore de clé d’administration : démarrez le service de recherche ou définissez VITRINE_ADMIN_KEY.',
        forbidden:
          'Le service de recherche a refusé la clé d’administration (il lui faut le droit analytics).',
        unsupported: 'Le service de recherche ne fournit pas l’API Analytics.',
        failed: 'Le service de recherche n’a pas pu calculer les statistiques. Réessayez.',
        'invalid-response': 'Le service de recherche a répondu quelque chose d’inattendu.',
        retry: 'Recharger',
      },
    },
  },
};
