import { Globe } from 'lucide-react';
import Link from 'next/link';
import { ConsentPreferencesButton } from '../consent/consent-preferences-button.tsx';
import styles from './site-footer.module.css';
import { Wordmark } from './wordmark.tsx';

export interface LanguageSwitchProps {
  /** "Language", in the current language. */
  readonly label: string;
  /** The same page in the other language. */
  readonly href: string;
  /** The other language's code (`fr`), for `hrefLang` and `lang`. */
  readonly language: string;
  /** Written in the other language ("Lire en français"). */
  readonly text: string;
}

export interface SiteFooterProps {
  readonly home: { readonly href: string; readonly label: string };
  readonly about: string;
  readonly credits: string;
  readonly languageSwitch: LanguageSwitchProps;
}

export function SiteFooter({ home, about, credits, languageSwitch }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <Wordmark href={home.href} label={home.label} tone="light" />
          <p>{about}</p>
        </div>
        <nav aria-label={languageSwitch.label} className={styles.language}>
          <span className={styles.languageLabel}>{languageSwitch.label}</span>
          <Link
            href={languageSwitch.href}
            hrefLang={languageSwitch.language}
            lang={languageSwitch.language}
            className={styles.switch}
          >
            <Globe aria-hidden="true" />
            {languageSwitch.text}
          </Link>
        </nav>
        <div className={styles.credits}>
          <p>{credits}</p>
          <ConsentPreferencesButton className={styles.preferences} />
        </div>
      </div>
    </footer>
  );
}
