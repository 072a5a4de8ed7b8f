import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { type ProductHitFields, toProductCard } from '../../lib/search/product-card.ts';
import { ProductCard } from '../ui/product-card.tsx';
import { productCardDetails } from '../ui/product-card-details.ts';

/** A recommended record as the search result card shows it (same photo, price, rating, colours). */
export function RecommendedProductCard({ hit }: { hit: ProductHitFields }) {
  const locale = useLocale();
  const messages = useMessages().search;
  const card = toProductCard(hit, locale);
  return <ProductCard {...productCardDetails(card, messages)} title={card.name} />;
}
