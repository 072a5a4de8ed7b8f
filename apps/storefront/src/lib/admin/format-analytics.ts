import { intlLocale, type Locale } from '../../i18n/locale.ts';
import type { Rate } from './analytics-report.ts';

/** Shown for a rate or position that could not be measured (nothing tracked). */
export const notMeasured = '—';

/** `formatRate(0.125, 'en')` → `12.5%`, `'fr'` → `12,5 %`; `null` → `—`. */
export function formatRate(rate: Rate, locale: Locale): string {
  if (rate === null) return notMeasured;
  const text = new Intl.NumberFormat(intlLocale(locale), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(rate);
  // ICU versions differ on the French space before `%` (narrow or not): one choice, so that the server's
  // HTML and the browser's render agree.
  return text.replace(/\u202f/g, '\u00a0');
}

/** An average click position with one decimal: `2.25` → `2.3` / `2,3`; `null` → `—`. */
export function formatPosition(position: number | null, locale: Locale): string {
  if (position === null) return notMeasured;
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(position);
}

/** A UTC day for a chart axis: `2026-11-21` → `21 Nov` / `21 nov.`. */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A UTC day in full: `2026-11-21` → `21 November 2026` / `21 novembre 2026`. */
export function formatLongDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
