import { AlertTriangle, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './search-notice.module.css';

export interface SearchNoticeProps {
  readonly tone: 'empty' | 'error';
  readonly title: string;
  readonly text: string;
  /** Buttons or links offered next ("Clear all filters", "Try again"). */
  readonly actions?: ReactNode;
  readonly children?: ReactNode;
}

/**
 * A message in place of results: no product matched, or the search failed. The error variant is an alert
 * so that it is announced when it appears.
 */
export function SearchNotice({ tone, title, text, actions, children }: SearchNoticeProps) {
  const Icon = tone === 'error' ? AlertTriangle : SearchX;
  return (
    <section
      className={`${styles.notice} ${styles[tone]}`}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <Icon className={styles.icon} aria-hidden="true" />
      <div className={styles.body}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.text}>{text}</p>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children && <div className={styles.more}>{children}</div>}
    </section>
  );
}
