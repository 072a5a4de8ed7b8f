import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { type ProductHitFields, toProductCard } from '../../lib/search/product-card.ts';
import { ProductCard } from '../ui/product-card.tsx';

/** A recommended record as the search result card shows it (same photo, price, rating, colours). */
export function RecommendedProductCard({ hit }: { hit: ProductHitFields }) {
  const locale = useLocale();
  const messages = useMessages().search;
  const card = toProductCard(hit, locale);
  return (
    <ProductCard
      href={card.href}
      title={card.name}
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
    />
  );
}
