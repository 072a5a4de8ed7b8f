import { useEffect, useRef } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { chooseConsent, useConsent } from '../../lib/insights/consent-store.ts';
import styles from './consent-banner.module.css';

/**
 * The analytics consent banner, in the page's language: "Accept" and "Refuse" side by side and alike (one
 * click either way). Shown until the shopper chooses, and again from the footer's "Cookie preferences"
 * (focus then moves to it). Not a modal: the page stays usable, nothing is written before a choice.
 */
export function ConsentBanner() {
  const messages = useMessages().consent;
  const { choice, bannerOpen } = useConsent();
  const firstButton = useRef<HTMLButtonElement>(null);
  const reopened = bannerOpen && choice !== undefined;
  useEffect(() => {
    if (reopened) firstButton.current?.focus();
  }, [reopened]);
  if (!bannerOpen) return null;
  return (
    <section className={styles.banner} aria-label={messages.regionLabel}>
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 className={styles.title}>{messages.title}</h2>
          <p className={styles.text}>{messages.text}</p>
          {choice && <p className={styles.current}>{messages.current[choice]}</p>}
        </div>
        <div className={styles.actions}>
          <button
            ref={firstButton}
            type="button"
            className={styles.choice}
            onClick={() => chooseConsent('accepted')}
          >
            {messages.accept}
          </button>
          <button type="button" className={styles.choice} onClick={() => chooseConsent('refused')}>
            {messages.refuse}
          </button>
        </div>
      </div>
    </section>
  );
}
