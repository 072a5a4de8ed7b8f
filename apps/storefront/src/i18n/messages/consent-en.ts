/** English messages of the analytics consent banner (spread into `en`). */
export const consentEn = {
  consent: {
    regionLabel: 'Cookie consent',
    title: 'Cookies for better search',
    text: 'May we use an anonymous cookie (_ALGOLIA, 6 months) to improve search and recommendations from what you search, view and buy? Nothing is recorded unless you accept; change your mind any time in “Cookie preferences”.',
    accept: 'Accept',
    refuse: 'Refuse',
    preferences: 'Cookie preferences',
    current: {
      accepted: 'You accepted analytics cookies.',
      refused: 'You refused analytics cookies.',
    },
  },
};
