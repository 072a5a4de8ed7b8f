import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { type AdminPage, adminPath } from '../../lib/admin/admin-paths.ts';
import styles from './console.module.css';

export type ConsolePage = Exclude<AdminPage, 'login'>;

const pages: readonly ConsolePage[] = [
  'analytics',
  'merchandising',
  'synonyms',
  'catalogue',
  'audit-log',
];

/** The console's sections, in the page's language; the current one is marked for assistive technology. */
export function ConsoleNav({ current }: { readonly current: ConsolePage }) {
  const locale = useLocale();
  const messages = useMessages().admin.console.nav;
  const labels: Record<ConsolePage, string> = {
    analytics: messages.analytics,
    merchandising: messages.merchandising,
    synonyms: messages.synonyms,
    catalogue: messages.catalogue,
    'audit-log': messages.auditLog,
  };
  return (
    <nav aria-label={messages.label} className={styles.nav}>
      <ul className={`container ${styles.navList}`}>
        {pages.map((page) => (
          <li key={page}>
            <a
              href={adminPath(page, locale)}
              aria-current={page === current ? 'page' : undefined}
              className={styles.navLink}
            >
              {labels[page]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
