import { textAttributes } from '@vitrine/catalogue/search-language';
import type { Hit } from 'instantsearch.js';
import { memo, useCallback, useRef } from 'react';
import { Highlight, Snippet, useHits } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { useConsent } from '../../lib/insights/consent-store.ts';
import { rememberQueryID, tabStorage } from '../../lib/insights/query-id-carry.ts';
import { type ProductHitFields, toProductCard } from '../../lib/search/product-card.ts';
import { ProductCard } from '../ui/product-card.tsx';
import { productCardDetails } from '../ui/product-card-details.ts';
import { ProductGrid } from '../ui/product-grid.tsx';
import styles from './search-layout.module.css';
import { useIndexUiStateValue } from './use-search-snapshot.ts';

type ProductHit = Hit<ProductHitFields & Record<string, unknown>>;

/** The page of results: one card per product, opening on a colour the shopper filtered on. */
export function HitsWidget() {
  const { items, sendEvent } = useHits<ProductHit>();
  const messages = useMessages().search;
  const locale = useLocale();
  // A string, so that a card re-renders only when the chosen colours change.
  const chosenColorsKey = useIndexUiStateValue((state) =>
    (state.refinementList?.['colors'] ?? []).join('\n'),
  );
  const tracked = useConsent().choice === 'accepted';
  const latest = useRef({ sendEvent, tracked });
  latest.current = { sendEvent, tracked };
  /** A click on one of the card's links (not its colour swatches) opens the product from this search. */
  const opened = useCallback((hit: ProductHit, target: EventTarget) => {
    if (!(target instanceof Element) || !target.closest('a[href]')) return;
    // Nothing is sent or kept without the shopper's consent (sendEvent is then a no-op: no insights middleware).
    if (!latest.current.tracked) return;
    // clickedObjectIDsAfterSearch with the hit's queryID and position (clickedObjectIDs without a queryID).
    latest.current.sendEvent('click', hit, 'Product Clicked');
    const storage = tabStorage();
    const productId = typeof hit.productId === 'string' ? hit.productId : hit.objectID;
    if (storage && hit.__queryID) rememberQueryID(storage, productId, hit.__queryID);
  }, []);
  return (
    <HitList
      hits={items}
      label={messages.title}
      locale={locale}
      chosenColorsKey={chosenColorsKey}
      onOpen={opened}
    />
  );
}

interface HitListProps {
  readonly hits: readonly ProductHit[];
  readonly label: string;
  readonly locale: Locale;
  readonly chosenColorsKey: string;
  readonly onOpen: (hit: ProductHit, target: EventTarget) => void;
}

/**
 * The grid of cards. InstantSearch hands out a new page of hits (new objects) on each change of the search's
 * status, twice per keystroke: the grid renders again only when a hit changed (see `sameHit`).
 */
const HitList = memo(function HitList({
  hits,
  label,
  locale,
  chosenColorsKey,
  onOpen,
}: HitListProps) {
  return (
    <ProductGrid
      label={label}
      items={hits.map((hit, index) => ({
        key: hit.objectID,
        content: (
          <HitCard
            hit={hit}
            locale={locale}
            chosenColorsKey={chosenColorsKey}
            // Only the first photo (the phone's largest paint) is fetched ahead: the other photos of the
            // first screen load once laid out, not competing with it for the phone's bandwidth.
            priority={index === 0}
            preload={index === 0}
            onOpen={onOpen}
          />
        ),
      }))}
    />
  );
}, sameList);

function sameList(previous: HitListProps, next: HitListProps): boolean {
  return (
    previous.label === next.label &&
    previous.locale === next.locale &&
    previous.chosenColorsKey === next.chosenColorsKey &&
    previous.onOpen === next.onOpen &&
    previous.hits.length === next.hits.length &&
    previous.hits.every((hit, index) => sameHit(hit, next.hits[index]))
  );
}

interface HitCardProps {
  readonly hit: ProductHit;
  readonly locale: Locale;
  /** The colours filtered on, one a line. */
  readonly chosenColorsKey: string;
  readonly priority: boolean;
  readonly preload: boolean;
  readonly onOpen: (hit: ProductHit, target: EventTarget) => void;
}

/**
 * One result. Each keystroke brings a new page of hits, mostly the same products: a card renders again only
 * when what it shows changed (its highlighted name and description, its position's photo priority, the
 * chosen colours), not for every keystroke (keystroke-to-results latency, bench/web).
 */
const HitCard = memo(function HitCard({
  hit,
  locale,
  chosenColorsKey,
  priority,
  preload,
  onOpen,
}: HitCardProps) {
  const messages = useMessages().search;
  const chosenColors = chosenColorsKey === '' ? [] : chosenColorsKey.split('\n');
  const card = toProductCard(hit, locale, chosenColors);
  return (
    // `display: contents` keeps the grid's layout; the links inside stay the keyboard's targets.
    // biome-ignore lint/a11y/noStaticElementInteractions: observes clicks on the card's own links.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too.
    <div
      style={{ display: 'contents' }}
      onClick={(event) => onOpen(hit, event.target)}
      // A middle click opens the product in a new tab: still a click on the result.
      onAuxClick={(event) => event.button === 1 && onOpen(hit, event.target)}
    >
      <ProductCard
        // A new colour filter reopens the card on the chosen colour.
        key={card.selectedColor ?? ''}
        {...productCardDetails(card, messages)}
        title={
          <Highlight
            hit={hit}
            attribute={textAttributes[locale].name}
            classNames={{ root: styles.highlight }}
          />
        }
        snippet={<Snippet hit={hit} attribute={textAttributes[locale].description} />}
        priority={priority}
        preload={preload}
      />
    </div>
  );
}, sameCard);

function sameCard(previous: HitCardProps, next: HitCardProps): boolean {
  return (
    previous.locale === next.locale &&
    previous.chosenColorsKey === next.chosenColorsKey &&
    previous.priority === next.priority &&
    previous.preload === next.preload &&
    previous.onOpen === next.onOpen &&
    sameHit(previous.hit, next.hit)
  );
}

/** The same record, highlighted the same way, from the same search (its queryID and position go with clicks). */
function sameHit(previous: ProductHit, next: ProductHit | undefined): boolean {
  if (previous === next) return true;
  if (!next) return false;
  return (
    previous.objectID === next.objectID &&
    previous.__queryID === next.__queryID &&
    previous.__position === next.__position &&
    JSON.stringify(previous._highlightResult) === JSON.stringify(next._highlightResult) &&
    JSON.stringify(previous._snippetResult) === JSON.stringify(next._snippetResult)
  );
}
