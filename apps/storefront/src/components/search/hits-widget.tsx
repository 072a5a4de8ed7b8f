import type { Hit } from 'instantsearch.js';
import { Highlight, Snippet, useHits, useInstantSearch } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { type ProductHitFields, toProductCard } from '../../lib/search/product-card.ts';
import { ProductCard } from '../ui/product-card.tsx';
import { ProductGrid } from '../ui/product-grid.tsx';
import styles from './search-layout.module.css';

type ProductHit = Hit<ProductHitFields & Record<string, unknown>>;

/** The page of results: one card per product, opening on a colour the shopper filtered on. */
export function HitsWidget() {
  const { items } = useHits<ProductHit>();
  const { indexUiState } = useInstantSearch();
  const messages = useMessages().search;
  const locale = useLocale();
  const chosenColors = indexUiState.refinementList?.['colors'] ?? [];
  return (
    <ProductGrid
      label={messages.title}
      items={items.map((hit, index) => {
        const card = toProductCard(hit, locale, chosenColors);
        return {
          key: hit.objectID,
          content: (
            <ProductCard
              // A new colour filter reopens the card on the chosen colour.
              key={card.selectedColor ?? ''}
              href={card.href}
              title={
                <Highlight hit={hit} attribute="name" classNames={{ root: styles.highlight }} />
              }
              snippet={<Snippet hit={hit} attribute="description" />}
              price={card.price}
              rating={
                card.rating === null
                  ? null
                  : {
                      value: card.rating,
                      label: messages.ratingOutOfFive(card.rating),
                      reviews: messages.reviews(card.reviewCount),
                    }
              }
              badges={card.badges.map((badge) => ({ key: badge, label: messages.badges[badge] }))}
              colors={card.colors}
              selectedColor={card.selectedColor}
              imageUrl={card.imageUrl}
              colorCountLabel={messages.colorCount(card.colors.length)}
              showColorLabel={messages.showColor}
              priority={index < 4}
            />
          ),
        };
      })}
    />
  );
}
