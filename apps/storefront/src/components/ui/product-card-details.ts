import type { Messages } from '../../i18n/messages.ts';
import type { ProductCard as ProductCardView } from '../../lib/search/product-card.ts';
import type { ProductCardProps } from './product-card.tsx';

/** What every product card shows of a record (price, rating, badges, colours, photo), in the page's language. */
export type ProductCardDetails = Pick<
  ProductCardProps,
  | 'href'
  | 'price'
  | 'rating'
  | 'badges'
  | 'colors'
  | 'selectedColor'
  | 'imageUrl'
  | 'colorCountLabel'
  | 'showColorLabel'
>;

/** The card's props shared by search results and recommendation rows (they differ only in title and extras). */
export function productCardDetails(
  card: ProductCardView,
  messages: Messages['search'],
): ProductCardDetails {
  return {
    href: card.href,
    price: card.price,
    rating:
      card.rating === null
        ? null
        : {
            value: card.rating,
            label: messages.ratingOutOfFive(card.rating),
            valueText: messages.ratingValue(card.rating),
            reviews: messages.reviews(card.reviewCount),
          },
    badges: card.badges.map((badge) => ({ key: badge, label: messages.badges[badge] })),
    colors: card.colors,
    selectedColor: card.selectedColor,
    imageUrl: card.imageUrl,
    colorCountLabel: messages.colorCount(card.colors.length),
    showColorLabel: messages.showColor,
  };
}
