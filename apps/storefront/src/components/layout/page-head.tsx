import Head from 'next/head';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { defaultLocale, locales } from '../../i18n/locale.ts';
import { equivalentPath } from '../../i18n/routes.ts';
import { usePageAlternates, usePagePath } from '../../lib/site/page-path-context.tsx';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { useCategoryLookup } from '../../lib/site/use-category-lookup.ts';

export interface PageHeadProps {
  readonly title: string;
  readonly description?: string;
  /** Error pages are not alternates of anything and stay out of search engines. */
  readonly kind?: 'page' | 'error';
}

/** Title, description and the hreflang links that tie the English and French versions of a page together. */
export function PageHead({ title, description, kind = 'page' }: PageHeadProps) {
  const path = usePagePath();
  const { origin } = useSiteData();
  const categories = useCategoryLookup();
  const alternates = usePageAlternates();
  const messages = useMessages();
  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description ?? messages.site.description} />
      {kind === 'error' && <meta name="robots" content="noindex" />}
      {kind === 'page' &&
        locales.map((locale) => (
          <link
            key={locale}
            rel="alternate"
            hrefLang={locale}
            href={`${origin}${equivalentPath(path, locale, categories, alternates)}`}
          />
        ))}
      {kind === 'page' && (
        <link
          rel="alternate"
          hrefLang="x-default"
          href={`${origin}${equivalentPath(path, defaultLocale, categories, alternates)}`}
        />
      )}
    </Head>
  );
}
