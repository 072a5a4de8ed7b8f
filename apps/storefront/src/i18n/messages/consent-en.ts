/** English messages of the analytics consent banner (spread into `en`). */
export const consentEn = {
  consent: {
    regionLabel: 'Cookie consent',
    title: 'Cookies for better search',
    text: 'May we keep an anonymous identifier in a cookie (_ALGOLIA, 6 months)? It links your searches to the products you view and buy, to improve results and recommendations. If you refuse (or until you choose), nothing about your visit is recorded and no cookie is written. Change your choice at any time from “Cookie preferences” at the bottom of the page.',
    accept: 'Accept',
    refuse: 'Refuse',
    preferences: 'Cookie preferences',
    current: {
      accepted: 'You accepted analytics cookies.',
      refused: 'You refused analytics cookies.',
    },
  },
};
