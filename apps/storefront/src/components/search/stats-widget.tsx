import { memo } from 'react';
import { useInstantSearch, useStats } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import styles from './search-layout.module.css';

/** The number of products found, announced politely as it changes. */
export const StatsWidget = memo(function StatsWidget() {
  const { nbHits } = useStats();
  const { results } = useInstantSearch();
  const messages = useMessages().search;
  const known = !results.__isArtificial;
  return (
    <p className={styles.stats} role="status" aria-live="polite" aria-atomic="true">
      {known ? messages.results(nbHits) : ''}
    </p>
  );
});
