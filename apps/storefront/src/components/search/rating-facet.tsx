import { useRange } from 'react-instantsearch';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { ratingLevels } from '../../lib/search/rating-levels.ts';
import { FacetGroup } from '../ui/facet-group.tsx';
import { useLatestCallback } from '../ui/memo-by-value.ts';
import { RatingFilter } from '../ui/rating-filter.tsx';
import { useLatestResults } from './use-search-snapshot.ts';

/** "4 stars & up" … "1 star & up": a minimum on the average rating, with the products each keeps. */
export function RatingFacet({ attribute }: { readonly attribute: string }) {
  const { start, refine } = useRange({ attribute });
  const results = useLatestResults();
  const messages = useMessages().search;
  const locale = useLocale();
  const facet = results?.disjunctiveFacets.find((candidate) => candidate.name === attribute);
  const counts = Object.entries(facet?.data ?? {}).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  const levels = ratingLevels(Object.fromEntries(counts));
  const [min] = start;
  const chosen = min !== undefined && Number.isFinite(min) ? min : undefined;
  const select = useLatestCallback((stars: number) =>
    refine(stars === chosen ? [undefined, undefined] : [stars, undefined]),
  );
  if (levels.length === 0 && chosen === undefined) return null;
  return (
    <FacetGroup title={messages.facets.rating} {...(chosen !== undefined ? { badge: '1' } : {})}>
      <RatingFilter
        title={messages.facets.rating}
        levels={levels.map((level) => ({
          stars: level.stars,
          label: messages.ratingAtLeast(level.stars),
          count: formatNumber(level.count, locale),
          selected: level.stars === chosen,
        }))}
        onSelect={select}
      />
    </FacetGroup>
  );
}
