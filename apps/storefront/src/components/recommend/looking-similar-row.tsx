import { useMemo } from 'react';
import { useLookingSimilar } from 'react-instantsearch';
import { useMessages } from '../../i18n/i18n-context.tsx';
import {
  categoryFacet,
  recommendLimits,
  recommendThreshold,
} from '../../lib/recommend/recommend-settings.ts';
import { type ProductHit, ProductRow } from './product-row.tsx';
import { useRowState } from './use-row-state.ts';

export interface LookingSimilarRowProps {
  readonly objectID: string;
  /** The product's category (English keys): products of it fill the row when the model has too few. */
  readonly categoryPath: readonly string[] | undefined;
}

/**
 * "Looking similar": nearest products by their photos. The model needs image embeddings, which a catalogue
 * may not have yet; the row then falls back to products of the same category (`fallbackParameters`).
 */
export function LookingSimilarRow({ objectID, categoryPath }: LookingSimilarRowProps) {
  const messages = useMessages().recommend;
  const row = useRowState<ProductHit>();
  const fallbackParameters = useMemo(() => {
    const facet = categoryPath ? categoryFacet(categoryPath) : undefined;
    return facet ? { facetFilters: [`${facet.facetName}:${facet.facetValue}`] } : undefined;
  }, [categoryPath]);
  const { items, sendEvent } = useLookingSimilar<ProductHit>({
    objectIDs: [objectID],
    limit: recommendLimits.lookingSimilar,
    threshold: recommendThreshold,
    ...(fallbackParameters ? { fallbackParameters } : {}),
    transformItems: row.transformItems,
  });
  return (
    <ProductRow
      id="looking-similar-title"
      title={messages.lookingSimilar}
      state={row.stateOf(items.length)}
      items={items}
      sendEvent={sendEvent}
    />
  );
}
