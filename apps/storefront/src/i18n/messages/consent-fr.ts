/** Messages français du bandeau de consentement (intégrés à `fr`). */
export const consentFr = {
  consent: {
    regionLabel: 'Consentement aux cookies',
    title: 'Des cookies pour une meilleure recherche',
    text: 'Pouvons-nous utiliser un cookie anonyme (_ALGOLIA, 6 mois) pour améliorer la recherche et les recommandations d’après vos recherches, consultations et achats ? Rien n’est enregistré sans votre accord ; modifiable à tout moment via « Préférences cookies ».',
    accept: 'Accepter',
    refuse: 'Refuser',
    preferences: 'Préférences cookies',
    current: {
      accepted: 'Vous avez accepté les cookies de mesure.',
      refused: 'Vous avez refusé les cookies de mesure.',
    },
  },
};
