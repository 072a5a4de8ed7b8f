import { type FocusEvent, useEffect, useRef } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { ConsentChoice } from '../../lib/insights/consent-cookies.ts';
import { chooseConsent, useConsent } from '../../lib/insights/consent-store.ts';
import styles from './consent-banner.module.css';

/**
 * The analytics consent banner, in the page's language: "Accept" and "Refuse" side by side and alike (one
 * click either way). Shown until the shopper chooses, and again from the footer's "Cookie preferences"
 * (focus then moves to it). Not a modal: the page stays usable, nothing is written before a choice.
 * A choice made from inside the banner gives the focus back to where it came from (the footer's button when
 * reopened, the link the shopper tabbed from), or to the main content, rather than losing it with the banner.
 */
export function ConsentBanner() {
  const messages = useMessages().consent;
  const { choice, bannerOpen } = useConsent();
  const firstButton = useRef<HTMLButtonElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const reopened = bannerOpen && choice !== undefined;
  useEffect(() => {
    if (reopened) firstButton.current?.focus();
  }, [reopened]);
  if (!bannerOpen) return null;
  const rememberOrigin = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };
  const choose = (next: ConsentChoice, button: HTMLButtonElement) => {
    // Before the banner goes: focus on a removed element would fall back to the page's body.
    if (document.activeElement === button) {
      if (cameFrom.current?.isConnected) cameFrom.current.focus();
      else document.getElementById('main')?.focus({ preventScroll: true });
    }
    chooseConsent(next);
  };
  return (
    <section className={styles.banner} aria-label={messages.regionLabel} onFocus={rememberOrigin}>
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
            onClick={(event) => choose('accepted', event.currentTarget)}
          >
            {messages.accept}
          </button>
          <button
            type="button"
            className={styles.choice}
            onClick={(event) => choose('refused', event.currentTarget)}
          >
            {messages.refuse}
          </button>
        </div>
      </div>
    </section>
  );
}
