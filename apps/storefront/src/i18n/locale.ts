import type { Locale } from '@vitrine/catalogue/labels';

export type { Locale };

/** Every language the storefront serves; English is the default (unknown paths, `x-default`). */
export const locales = ['en', 'fr'] as const satisfies readonly Locale[];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'fr' : 'en';
}

/** The BCP 47 tag used for Intl formatting: English prices are shown the Eurozone way (`€52.00`). */
export function intlLocale(locale: Locale): string {
  return locale === 'fr' ? 'fr-FR' : 'en-IE';
}

/** A language's own name, for the language switch. */
export function languageName(locale: Locale): string {
  return locale === 'fr' ? 'Français' : 'English';
}
