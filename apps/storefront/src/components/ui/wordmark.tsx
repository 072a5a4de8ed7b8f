import Link from 'next/link';
import styles from './wordmark.module.css';

export interface WordmarkProps {
  readonly href: string;
  /** Accessible name of the link, e.g. "Vitrine home". */
  readonly label: string;
  readonly tone?: 'dark' | 'light';
}

export function Wordmark({ href, label, tone = 'dark' }: WordmarkProps) {
  return (
    <Link
      href={href}
      className={`${styles.wordmark} ${tone === 'light' ? styles.light : ''}`}
      aria-label={label}
    >
      vitrine<span className={styles.dot}>.</span>
    </Link>
  );
}
