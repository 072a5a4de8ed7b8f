import { useClearRefinements, useCurrentRefinements, useStats } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { FilterDialog } from '../ui/filter-dialog.tsx';
import { excludedFromClearing } from './current-refinements-widget.tsx';
import { FilterPanel } from './filter-panel.tsx';
import styles from './search-layout.module.css';

/** The filter button of small screens and the panel it opens, which ends with "See N products". */
export function MobileFilters({ listing }: { listing: 'search' | 'category' }) {
  const excludedAttributes = excludedFromClearing(listing);
  const { items } = useCurrentRefinements({ excludedAttributes });
  const clear = useClearRefinements({ excludedAttributes });
  const { nbHits } = useStats();
  const messages = useMessages().search;
  const count = items.reduce((sum, item) => sum + item.refinements.length, 0);
  return (
    <FilterDialog
      triggerLabel={messages.openFilters(count)}
      title={messages.filtersTitle}
      closeLabel={messages.closeFilters}
      doneLabel={messages.seeResults(nbHits)}
      footer={
        clear.canRefine ? (
          <button type="button" className={styles.textButton} onClick={clear.refine}>
            {messages.clearFilters}
          </button>
        ) : null
      }
    >
      <FilterPanel />
    </FilterDialog>
  );
}
