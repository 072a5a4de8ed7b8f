import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import { isLocale, type Locale } from '../i18n/locale.ts';
import { adminPath } from '../lib/admin/admin-paths.ts';
import type { RuleList, SynonymListItem } from '../lib/admin/console-lists.ts';
import type { SynonymLanguage } from '../lib/admin/synonym-entry.ts';
import { getAdminRuntime } from '../server/admin/admin-runtime.ts';
import {
  type ProductListAnswer,
  type ProductSearch,
  productSearchOf,
  searchProducts,
} from '../server/admin/catalogue-http.ts';
import { ConsoleInputError } from '../server/admin/console-http.ts';
import { consoleClients } from '../server/admin/console-search.ts';
import { listRules } from '../server/admin/rules-service.ts';
import { listSynonyms } from '../server/admin/synonyms-service.ts';
import { getRuntime } from '../server/runtime.ts';
import type { AuditEntry, AuditSubject } from '../server/store/audit-log-store.ts';

/** The console pages read their data on the server, with the admin key, behind the merchant session. */

type Query = GetServerSidePropsContext['query'];

function localeOf(query: Query): Locale {
  const lang = query['lang'];
  return isLocale(lang) ? lang : 'en';
}

/** Runs `load` for a signed-in merchant; without a session, a redirect to the sign-in page. */
function behindSession<TProps extends { locale: Locale }>(
  load: (context: GetServerSidePropsContext, locale: Locale) => Promise<TProps>,
): GetServerSideProps<TProps> {
  return async (context) => {
    const locale = localeOf(context.query);
    context.res.setHeader('cache-control', 'private, no-store');
    if (!getAdminRuntime().auth.sessionOf(context.req.headers, Date.now())) {
      return { redirect: { destination: adminPath('login', locale), permanent: false } };
    }
    return { props: await load(context, locale) };
  };
}

/** The search service being down (or no key yet) is shown on the page, not as Next's error page. */
async function orUnavailable<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    const status =
      error instanceof Error && 'status' in error && typeof error.status === 'number'
        ? error.status
        : undefined;
    if (
      (error instanceof ConsoleInputError && error.status === 503) ||
      (error instanceof Error && error.name === 'RetryError') ||
      (status !== undefined && status >= 500)
    ) {
      console.warn('Merchant console: search service unavailable:', (error as Error).message);
      return null;
    }
    throw error;
  }
}

const adminClient = () => consoleClients(getAdminRuntime().consoleAccess()).admin;

export interface MerchandisingPageProps {
  readonly locale: Locale;
  /** `null` when the search service cannot be read. */
  readonly list: RuleList | null;
}

export const merchandisingServerSideProps = behindSession<MerchandisingPageProps>(
  async (_context, locale) => ({
    locale,
    list: await orUnavailable(() => listRules(adminClient(), '')),
  }),
);

export interface SynonymsPageProps {
  readonly locale: Locale;
  readonly synonyms: SynonymListItem[] | null;
}

export const synonymsServerSideProps = behindSession<SynonymsPageProps>(
  async (_context, locale) => ({
    locale,
    synonyms: await orUnavailable(() =>
      listSynonyms(adminClient(), '', undefined as SynonymLanguage | undefined),
    ),
  }),
);

const auditPageSize = 50;
const auditSubjects: readonly AuditSubject[] = ['rule', 'synonym', 'product'];

export interface AuditLogPageProps {
  readonly locale: Locale;
  readonly subject: AuditSubject | null;
  readonly entries: AuditEntry[];
  /** The `before` cursor of the next (older) page; `null` on the last page. */
  readonly older: number | null;
}

export const auditLogServerSideProps = behindSession<AuditLogPageProps>(
  async ({ query }, locale) => {
    const subject = auditSubjects.find((known) => known === query['subject']) ?? null;
    const before = Number(query['before']);
    const entries = await getRuntime().store.readAuditLog({
      subject: subject ?? undefined,
      before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
      limit: auditPageSize + 1,
    });
    const page = entries.slice(0, auditPageSize);
    return {
      locale,
      subject,
      entries: JSON.parse(JSON.stringify(page)) as AuditEntry[],
      older: entries.length > auditPageSize ? (page.at(-1)?.id ?? null) : null,
    };
  },
);

export interface CataloguePageProps extends ProductListAnswer {
  readonly locale: Locale;
  readonly search: ProductSearch;
}

export const catalogueServerSideProps = behindSession<CataloguePageProps>(
  async ({ query }, locale) => {
    const search = productSearchOf((name) => {
      const value = query[name];
      return Array.isArray(value) ? value[0] : value;
    });
    return { locale, search, ...(await searchProducts(search)) };
  },
);
