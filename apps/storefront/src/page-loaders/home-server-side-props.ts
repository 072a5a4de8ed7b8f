import type { GetServerSideProps } from 'next';
import type { Locale } from '../i18n/locale.ts';

export interface HomePageProps {
  readonly locale: Locale;
}

/**
 * Data of the home page in one language. The department tree comes with every page (see `_app`); trending
 * items and categories will be loaded here.
 */
export function homeServerSideProps(locale: Locale): GetServerSideProps<HomePageProps> {
  return async () => ({ props: { locale } });
}
