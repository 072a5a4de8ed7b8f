import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { memoByValue } from './memo-by-value.ts';
import styles from './pagination-nav.module.css';

export interface PageLink {
  /** 1-based. */
  readonly page: number;
  readonly href: string;
}

export interface PaginationNavProps {
  readonly label: string;
  readonly current: number;
  readonly pages: readonly PageLink[];
  readonly previous: PageLink | null;
  readonly next: PageLink | null;
  readonly onSelect: (page: number) => void;
  readonly labels: {
    readonly previous: string;
    readonly next: string;
    readonly page: (page: number) => string;
  };
  readonly formatPage: (page: number) => string;
}

/** Page links of a result list; each is a real address, followed in place when scripts run. */
export const PaginationNav = memoByValue(function PaginationNav(props: PaginationNavProps) {
  const { label, current, pages, previous, next, labels } = props;
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    props.onSelect(page);
  };
  if (pages.length <= 1) return null;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {previous ? (
            <a
              href={previous.href}
              className={styles.step}
              onClick={follow(previous.page)}
              aria-label={labels.previous}
            >
              <ChevronLeft aria-hidden="true" />
            </a>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-hidden="true">
              <ChevronLeft />
            </span>
          )}
        </li>
        {pages.map((link) => (
          <li key={link.page}>
            <a
              href={link.href}
              className={styles.page}
              aria-current={link.page === current ? 'page' : undefined}
              aria-label={labels.page(link.page)}
              onClick={follow(link.page)}
            >
              {props.formatPage(link.page)}
            </a>
          </li>
        ))}
        <li>
          {next ? (
            <a
              href={next.href}
              className={styles.step}
              onClick={follow(next.page)}
              aria-label={labels.next}
            >
              <ChevronRight aria-hidden="true" />
            </a>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-hidden="true">
              <ChevronRight />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
});
