import type { ReactNode } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { SkipLink } from '../ui/skip-link.tsx';
import { Wordmark } from '../ui/wordmark.tsx';
import styles from './admin-layout.module.css';
import { ConsoleNav, type ConsolePage } from './console-nav.tsx';

/**
 * Around the merchant pages, instead of the shop's: the wordmark, "Merchant area" and a link back to the
 * shop. No search bar, cart, category menu, footer or analytics consent banner: they are the shopper's
 * (the consent is about the shop's analytics cookie, which these pages never write). Each merchant page
 * has its own language switch, to the same page in the other language.
 */
export function AdminLayout({
  children,
  page,
}: {
  readonly children: ReactNode;
  /** The console section shown (its navigation appears); absent on the sign-in page. */
  readonly page?: ConsolePage;
}) {
  const locale = useLocale();
  const messages = useMessages();
  const home = pathFor({ name: 'home' }, locale);
  return (
    <div className={styles.page}>
      <SkipLink target="main" label={messages.site.skipToContent} />
      <header className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <div className={styles.brand}>
            <Wordmark href={home} label={messages.header.home} />
            <span className={styles.area}>{messages.admin.area}</span>
          </div>
          <a className={styles.shop} href={home}>
            {messages.admin.backToShop}
          </a>
        </div>
      </header>
      {page && <ConsoleNav current={page} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
