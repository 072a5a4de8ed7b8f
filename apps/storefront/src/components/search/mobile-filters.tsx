import { SlidersHorizontal } from 'lucide-react';
import { memo } from 'react';
import { useClearRefinements, useCurrentRefinements, useStats } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import dialogStyles from '../ui/filter-dialog.module.css';
import { useDeferredModule } from '../ui/use-deferred-module.ts';
import { excludedFromClearing } from './current-refinements-widget.tsx';
import { FilterPanel } from './filter-panel.tsx';
import styles from './search-layout.module.css';

// The dialog (Radix: focus trap, scroll lock) loads on the first use of the button, not with the page.
const loadFilterDialog = () => import('../ui/filter-dialog.tsx');

/** The filter button of small screens and the panel it opens, which ends with "See N products". */
export const MobileFilters = memo(function MobileFilters({
  listing,
}: {
  listing: 'search' | 'category';
}) {
  const excludedAttributes = excludedFromClearing(listing);
  const { items } = useCurrentRefinements({ excludedAttributes });
  const clear = useClearRefinements({ excludedAttributes });
  const { nbHits } = useStats();
  const messages = useMessages().search;
  const dialog = useDeferredModule(loadFilterDialog);
  const count = items.reduce((sum, item) => sum + item.refinements.length, 0);
  const FilterDialog = dialog.requested ? dialog.module?.FilterDialog : undefined;
  if (!FilterDialog) {
    // The dialog's own trigger, as plain HTML until its code is there.
    return (
      <button
        type="button"
        className={dialogStyles.trigger}
        aria-haspopup="dialog"
        aria-expanded={false}
        onPointerEnter={dialog.prefetch}
        onFocus={dialog.prefetch}
        onClick={dialog.request}
      >
        <SlidersHorizontal aria-hidden="true" />
        {messages.openFilters(count)}
      </button>
    );
  }
  return (
    <FilterDialog
      defaultOpen
      triggerLabel={messages.openFilters(count)}
      title={messages.filtersTitle}
      closeLabel={messages.closeFilters}
      doneLabel={messages.seeResults(nbHits)}
      footer={
        clear.canRefine ? (
          <button type="button" className={styles.textButton} onClick={clear.refine}>
            {messages.clearFiltersShort}
          </button>
        ) : null
      }
    >
      <FilterPanel />
    </FilterDialog>
  );
});
