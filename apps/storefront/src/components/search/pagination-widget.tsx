import { useCallback } from 'react';
import { usePagination } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { PaginationNav } from '../ui/pagination-nav.tsx';

/** Page links around the current page; choosing one brings the top of the results into view. */
export function PaginationWidget({ resultsId }: { resultsId: string }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } =
    usePagination({ padding: 2 });
  const messages = useMessages().search;
  const locale = useLocale();
  const link = (page: number) => ({ page: page + 1, href: createURL(page) });
  const select = useLatestCallback((page: number) => {
    refine(page - 1);
    document.getElementById(resultsId)?.scrollIntoView({ block: 'start' });
  });
  const formatPage = useCallback((page: number) => formatNumber(page, locale), [locale]);
  return (
    <PaginationNav
      label={messages.pagination.label}
      current={currentRefinement + 1}
      pages={nbPages > 1 ? pages.map(link) : []}
      previous={isFirstPage ? null : link(currentRefinement - 1)}
      next={isLastPage ? null : link(currentRefinement + 1)}
      onSelect={select}
      labels={messages.pagination}
      formatPage={formatPage}
    />
  );
}
