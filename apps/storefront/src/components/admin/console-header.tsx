import type { ReactNode } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { otherLocale } from '../../i18n/locale.ts';
import { type AdminPage, adminPath } from '../../lib/admin/admin-paths.ts';
import { AdminHead } from './admin-head.tsx';
import styles from './console.module.css';

/** A console page's title, its introduction, the language switch (to the same page) and "Sign out". */
export function ConsoleHeader(props: {
  readonly page: AdminPage;
  readonly title: string;
  readonly intro: string;
  /** Kept in the language switch's address (the analytics period). */
  readonly params?: Readonly<Record<string, string>>;
  readonly children?: ReactNode;
}) {
  const locale = useLocale();
  const messages = useMessages().admin;
  const other = otherLocale(locale);
  return (
    <header className={styles.header}>
      <AdminHead title={props.title} />
      <div>
        <h1 className={styles.title}>{props.title}</h1>
        <p className={styles.intro}>{props.intro}</p>
      </div>
      <div className={styles.actions}>
        {props.children}
        <a
          href={adminPath(props.page, other, props.params)}
          hrefLang={other}
          lang={other}
          aria-label={messages.languageSwitchLabel}
        >
          {messages.languageSwitch}
        </a>
        <form method="post" action="/api/admin/logout">
          <input type="hidden" name="lang" value={locale} />
          <button type="submit" className={styles.secondary}>
            {messages.console.nav.signOut}
          </button>
        </form>
      </div>
    </header>
  );
}
