import type { Hit } from 'instantsearch.js';
import { Highlight, Snippet, useHits, useInstantSearch } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { useConsent } from '../../lib/insights/consent-store.ts';
import { rememberQueryID, tabStorage } from '../../lib/insights/query-id-carry.ts';
import { type ProductHitFields, toProductCard } from '../../lib/search/product-card.ts';
import { ProductCard } from '../ui/product-card.tsx';
import { productCardDetails } from '../ui/product-card-details.ts';
import { ProductGrid } from '../ui/product-grid.tsx';
import styles from './search-layout.module.css';

type ProductHit = Hit<ProductHitFields & Record<string, unknown>>;

/** The page of results: one card per product, opening on a colour the shopper filtered on. */
export function HitsWidget() {
  const { items, sendEvent } = useHits<ProductHit>();
  const { indexUiState } = useInstantSearch();
  const messages = useMessages().search;
  const locale = useLocale();
  const chosenColors = indexUiState.refinementList?.['colors'] ?? [];
  const tracked = useConsent().choice === 'accepted';
  /** A click on one of the card's links (not its colour swatches) opens the product from this search. */
  const opened = (hit: ProductHit, target: EventTarget) => {
    if (!(target instanceof Element) || !target.closest('a[href]')) return;
    // Nothing is sent or kept without the shopper's consent (sendEvent is then a no-op: no insights middleware).
    if (!tracked) return;
    // clickedObjectIDsAfterSearch with the hit's queryID and position (clickedObjectIDs without a queryID).
    sendEvent('click', hit, 'Product Clicked');
    const storage = tabStorage();
    const productId = typeof hit.productId === 'string' ? hit.productId : hit.objectID;
    if (storage && hit.__queryID) rememberQueryID(storage, productId, hit.__queryID);
  };
  return (
    <ProductGrid
      label={messages.title}
      items={items.map((hit, index) => {
        const card = toProductCard(hit, locale, chosenColors);
        return {
          key: hit.objectID,
          content: (
            // `display: contents` keeps the grid's layout; the links inside stay the keyboard's targets.
            // biome-ignore lint/a11y/noStaticElementInteractions: observes clicks on the card's own links.
            // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too.
            <div
              style={{ display: 'contents' }}
              onClick={(event) => opened(hit, event.target)}
              // A middle click opens the product in a new tab: still a click on the result.
              onAuxClick={(event) => event.button === 1 && opened(hit, event.target)}
            >
              <ProductCard
                // A new colour filter reopens the card on the chosen colour.
                key={card.selectedColor ?? ''}
                {...productCardDetails(card, messages)}
                title={
                  <Highlight hit={hit} attribute="name" classNames={{ root: styles.highlight }} />
                }
                snippet={<Snippet hit={hit} attribute="description" />}
                priority={index < 4}
              />
            </div>
          ),
        };
      })}
    />
  );
}
