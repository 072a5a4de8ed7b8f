import { intlLocale, type Locale } from './locale.ts';

/*
 * Prices, counts and ratings in the storefront's two languages, written exactly as `Intl.NumberFormat` writes
 * them for `en-IE` and `fr-FR` (format.test.ts compares the two on thousands of values), but without it on the
 * usual path: a page's first `Intl.NumberFormat` costs Chromium 15–40 ms of ICU set-up (any locale, any
 * options; measured 2026-11-28), one long task of the search page's load, ~100 ms at Lighthouse's 4× phone
 * slowdown. Only what these two locales need is written here: digits grouped by three, the decimal sign, the
 * euro sign's place, rounding half away from zero. Anything else (non-finite values, exponent notation) goes to
 * `Intl.NumberFormat`.
 */

interface Conventions {
  readonly group: string;
  readonly decimal: string;
  readonly price: (amount: string) => string;
}

const conventions: Record<Locale, Conventions> = {
  en: { group: ',', decimal: '.', price: (amount) => `€${amount}` },
  // CLDR's French: a narrow no-break space between groups, a no-break space before the euro sign.
  fr: { group: '\u202f', decimal: ',', price: (amount) => `${amount}\u00a0€` },
};

/**
 * `magnitude`'s shortest decimal form (the one ICU rounds too) rounded half away from zero to at most
 * `maxFraction` decimals, then padded to `minFraction`: `[integer digits, fraction digits]`, or `undefined`
 * when JavaScript writes the number in exponent notation.
 */
function roundedDigits(
  magnitude: number,
  minFraction: number,
  maxFraction: number,
): [string, string] | undefined {
  const text = String(magnitude);
  if (text.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0');
  if ((fraction[maxFraction] ?? '0') >= '5') digits = incremented(digits);
  const integer = digits.slice(0, digits.length - maxFraction) || '0';
  let decimals = digits.slice(digits.length - maxFraction);
  while (decimals.length > minFraction && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  return [integer, decimals];
}

/** A string of decimal digits plus one (`"0999"` → `"1000"`, `"99"` → `"100"`). */
function incremented(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index--) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

function grouped(integer: string, separator: string): string {
  const head = integer.length % 3 || 3;
  let text = integer.slice(0, head);
  for (let index = head; index < integer.length; index += 3) {
    text += separator + integer.slice(index, index + 3);
  }
  return text;
}

const fallbackFormats = new Map<string, Intl.NumberFormat>();

/** Intl's text for what `formatted` does not write itself, with the same digits (and the euro sign for a price). */
function fallback(
  value: number,
  locale: Locale,
  minFraction: number,
  maxFraction: number,
  price: boolean,
): string {
  const key = `${locale} ${minFraction} ${maxFraction} ${price}`;
  let format = fallbackFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      ...(price ? { style: 'currency', currency: 'EUR' } : {}),
    });
    fallbackFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * `value` with `minFraction` to `maxFraction` decimals in the locale's way, as a euro amount when `price`:
 * written here for finite values in plain notation, by Intl otherwise.
 */
function formatted(
  value: number,
  locale: Locale,
  minFraction: number,
  maxFraction: number,
  price = false,
): string {
  const parts = Number.isFinite(value)
    ? roundedDigits(Math.abs(value), minFraction, maxFraction)
    : undefined;
  if (!parts) return fallback(value, locale, minFraction, maxFraction, price);
  const { group, decimal, price: asPrice } = conventions[locale];
  const [integer, decimals] = parts;
  const amount = grouped(integer, group) + (decimals === '' ? '' : decimal + decimals);
  // As Intl: a negative value keeps its sign even when it rounds to zero (-0.001 → "-0").
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return sign + (price ? asPrice(amount) : amount);
}

/** Formats a price held in euro cents: `formatPrice(5200, 'fr')` → `52,00 €`, `'en'` → `€52.00`. */
export function formatPrice(cents: number, locale: Locale): string {
  return formatted(cents / 100, locale, 2, 2, true);
}

/** Formats a count or measure with the locale's grouping: `1234` → `1,234` / `1 234`. */
export function formatNumber(value: number, locale: Locale): string {
  return formatted(value, locale, 0, 2);
}

/**
 * Formats an average rating with one decimal, `4` → `4.0` / `4,0`: beside a review count, a bare `4` read as
 * part of it ("4 3 reviews").
 */
export function formatRating(value: number, locale: Locale): string {
  return formatted(value, locale, 1, 1);
}
