/** Messages français du bandeau de consentement (intégrés à `fr`). */
export const consentFr = {
  consent: {
    regionLabel: 'Consentement aux cookies',
    title: 'Des cookies pour une meilleure recherche',
    text: 'Pouvons-nous garder un identifiant anonyme dans un cookie (_ALGOLIA, 6 mois) ? Il relie vos recherches aux produits consultés et achetés, pour améliorer les résultats et les recommandations. Si vous refusez (ou tant que vous n’avez pas choisi), rien de votre visite n’est enregistré et aucun cookie n’est écrit. Modifiez votre choix à tout moment depuis « Préférences cookies » en bas de page.',
    accept: 'Accepter',
    refuse: 'Refuser',
    preferences: 'Préférences cookies',
    current: {
      accepted: 'Vous avez accepté les cookies de mesure.',
      refused: 'Vous avez refusé les cookies de mesure.',
    },
  },
};
