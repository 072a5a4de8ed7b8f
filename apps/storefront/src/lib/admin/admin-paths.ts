import type { Locale } from '../../i18n/locale.ts';

/** Why the sign-in page was shown again: a wrong password, or too many wrong ones in a row. */
export type LoginError = 'invalid' | 'throttled';

export function isLoginError(value: unknown): value is LoginError {
  return value === 'invalid' || value === 'throttled';
}

/**
 * The merchant pages have one path in both languages (`/admin/analytics`); French adds `?lang=fr`.
 * `adminPath('analytics', 'fr', {days: '30'})` → `/admin/analytics?lang=fr&days=30`.
 */
/** The merchant pages, each at `/admin/<page>`. */
export type AdminPage =
  | 'login'
  | 'analytics'
  | 'merchandising'
  | 'synonyms'
  | 'catalogue'
  | 'audit-log';

export function adminPath(
  page: AdminPage,
  locale: Locale,
  params: Readonly<Record<string, string>> = {},
): string {
  const search = new URLSearchParams({ ...(locale === 'fr' ? { lang: 'fr' } : {}), ...params });
  const query = search.toString();
  return `/admin/${page}${query ? `?${query}` : ''}`;
}
