import { productsIndex } from '@vitrine/catalogue';
import type { GetServerSideProps } from 'next';
import { isLocale, type Locale } from '../i18n/locale.ts';
import { adminPath, isLoginError, type LoginError } from '../lib/admin/admin-paths.ts';
import type { AnalyticsReport } from '../lib/admin/analytics-report.ts';
import {
  type DateRange,
  type DateRangeProblem,
  parseDateRange,
  utcDay,
} from '../lib/admin/date-range.ts';
import { getAdminRuntime } from '../server/admin/admin-runtime.ts';
import { type AnalyticsFailure, AnalyticsUnavailableError } from '../server/admin/analytics-api.ts';
import { loadAnalyticsReport } from '../server/admin/load-analytics-report.ts';
import { getRuntime } from '../server/runtime.ts';

export interface LoginPageProps {
  readonly locale: Locale;
  readonly error: LoginError | null;
  readonly signedOut: boolean;
}

interface AnalyticsPageBase {
  readonly locale: Locale;
  readonly range: DateRange;
  readonly rangeProblem: DateRangeProblem | null;
}

export type AnalyticsPageProps =
  | (AnalyticsPageBase & { readonly status: 'ready'; readonly report: AnalyticsReport })
  | (AnalyticsPageBase & { readonly status: 'error'; readonly failure: AnalyticsFailure });

/** The merchant pages speak English unless the address says `?lang=fr`. */
function localeOf(query: Readonly<Record<string, string | string[] | undefined>>): Locale {
  const lang = query['lang'];
  return isLocale(lang) ? lang : 'en';
}

/** `/admin/login`: a signed-in merchant goes straight to the analytics page. */
export const loginServerSideProps: GetServerSideProps<LoginPageProps> = async ({
  req,
  res,
  query,
}) => {
  const locale = localeOf(query);
  res.setHeader('cache-control', 'private, no-store');
  if (getAdminRuntime().auth.sessionOf(req.headers, Date.now())) {
    return { redirect: { destination: adminPath('analytics', locale), permanent: false } };
  }
  const error = query['error'];
  return {
    props: {
      locale,
      error: isLoginError(error) ? error : null,
      signedOut: query['signedOut'] === '1',
    },
  };
};

/**
 * `/admin/analytics?days=7|30|90` or `?from=…&to=…`: the report for the period, read by this server from the
 * Analytics API (the key never reaches the browser). Without a session: a redirect to the sign-in page. An
 * API that cannot be read gives the page's error state; anything else reaches Next's error page.
 */
export const analyticsServerSideProps: GetServerSideProps<AnalyticsPageProps> = async ({
  req,
  res,
  query,
}) => {
  const locale = localeOf(query);
  res.setHeader('cache-control', 'private, no-store');
  const admin = getAdminRuntime();
  const now = Date.now();
  if (!admin.auth.sessionOf(req.headers, now)) {
    return { redirect: { destination: adminPath('login', locale), permanent: false } };
  }
  const { range, problem } = parseDateRange(query, utcDay(now));
  const base = { locale, range, rangeProblem: problem };
  try {
    const report = await loadAnalyticsReport({
      access: admin.analyticsAccess(),
      index: productsIndex,
      range,
      loadProducts: (ids) => getRuntime().store.getProductsByIds(ids),
      language: locale,
    });
    return { props: { ...base, status: 'ready', report } };
  } catch (error) {
    if (!(error instanceof AnalyticsUnavailableError)) throw error;
    console.warn(`Merchant analytics unavailable (${error.reason}): ${error.message}`);
    return { props: { ...base, status: 'error', failure: error.reason } };
  }
};
