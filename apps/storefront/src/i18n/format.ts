import { intlLocale, type Locale } from './locale.ts';

const priceFormats = new Map<Locale, Intl.NumberFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();
const ratingFormats = new Map<Locale, Intl.NumberFormat>();

function cached(
  cache: Map<Locale, Intl.NumberFormat>,
  locale: Locale,
  options: Intl.NumberFormatOptions,
) {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    cache.set(locale, format);
  }
  return format;
}

/** Formats a price held in euro cents: `formatPrice(5200, 'fr')` → `52,00 €`, `'en'` → `€52.00`. */
export function formatPrice(cents: number, locale: Locale): string {
  return cached(priceFormats, locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** Formats a count or measure with the locale's grouping: `1234` → `1,234` / `1 234`. */
export function formatNumber(value: number, locale: Locale): string {
  return cached(numberFormats, locale, { maximumFractionDigits: 2 }).format(value);
}

/**
 * Formats an average rating with one decimal, `4` → `4.0` / `4,0`: beside a review count, a bare `4` read as
 * part of it ("4 3 reviews").
 */
export function formatRating(value: number, locale: Locale): string {
  return cached(ratingFormats, locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}
