import { useFrequentlyBoughtTogether } from 'react-instantsearch';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import {
  missingOptions,
  type ProductView,
  type VariantChoice,
  type VariantView,
} from '../../lib/commerce/product-view.ts';
import { needsSizeChoice } from '../../lib/recommend/default-variant.ts';
import { recommendLimits, recommendThreshold } from '../../lib/recommend/recommend-settings.ts';
import { toProductCard } from '../../lib/search/product-card.ts';
import { BoughtTogetherBox, BundlePlaceholder } from './bought-together-box.tsx';
import type { ProductHit } from './product-row.tsx';
import { useAddBoth } from './use-add-both.ts';
import { useRowState } from './use-row-state.ts';

export interface BoughtTogetherBundleProps {
  readonly objectID: string;
  readonly product: ProductView;
  /** The colour and size chosen on the page so far. */
  readonly choice: VariantChoice;
  /** The variant chosen on the page; `undefined` until a colour and size are chosen. */
  readonly variant: VariantView | undefined;
}

/**
 * Frequently bought together on the product page: this product and the one most bought with it, with
 * "add both to cart". The partner is the first recommendation that needs no size choice and is in stock (its
 * variant is picked like the product page opens it, see `pairChoice`); when every recommendation comes in
 * several sizes, the first one is offered with a link to choose its size on its page instead.
 */
export function BoughtTogetherBundle({
  objectID,
  product,
  choice,
  variant,
}: BoughtTogetherBundleProps) {
  const locale = useLocale();
  const messages = useMessages();
  const row = useRowState<ProductHit>();
  const { items, sendEvent } = useFrequentlyBoughtTogether<ProductHit>({
    objectIDs: [objectID],
    limit: recommendLimits.boughtTogether,
    threshold: recommendThreshold,
    transformItems: row.transformItems,
  });
  const partner =
    items.find((hit) => !needsSizeChoice(hit['sizes']) && hit['inStock'] !== false) ?? items[0];
  const card = partner ? toProductCard(partner, locale) : undefined;
  const { busy, problem, addBoth } = useAddBoth(
    product.id,
    variant,
    partner,
    card?.name ?? '',
    sendEvent,
  );
  const state = row.stateOf(items.length);
  if (state === 'empty') return null;
  if (state === 'loading') return <BundlePlaceholder />;

  if (!partner || !card) return null;
  const partnerPriceCents = Math.round(
    (typeof partner.price === 'number' ? partner.price : 0) * 100,
  );
  const ownPriceCents =
    variant?.priceCents ?? Math.min(...product.variants.map((item) => item.priceCents));
  // The chosen colour's photo, as soon as a colour is chosen (before the size, the variant is not known).
  const ownImage =
    product.images.find((image) => image.color === choice.color)?.url ??
    product.images[0]?.url ??
    null;
  const open = () => sendEvent('click', partner, 'Recommendation Clicked');

  const choosing = needsSizeChoice(partner['sizes']);
  return (
    <BoughtTogetherBox
      id="bought-together-title"
      title={messages.recommend.boughtTogether}
      current={{
        caption: messages.recommend.thisItem,
        name: product.name,
        price: formatPrice(ownPriceCents, locale),
        imageUrl: ownImage,
      }}
      partner={{
        caption: typeof partner['brand'] === 'string' ? partner['brand'] : '',
        name: card.name,
        price: card.price,
        imageUrl: card.imageUrl,
        href: card.href,
        onOpen: open,
      }}
      total={messages.recommend.total(formatPrice(ownPriceCents + partnerPriceCents, locale))}
      action={
        choosing
          ? { kind: 'choose', label: messages.recommend.chooseSizeOf(card.name), href: card.href }
          : {
              kind: 'add',
              label: busy ? messages.recommend.addingBoth : messages.recommend.addBoth,
              disabled: busy || !variant || variant.stock === 0,
              onAdd: () => {
                void addBoth();
              },
            }
      }
      hint={
        !choosing && !variant
          ? messages.recommend.chooseFirst[missingOptions(product, choice) ?? 'both']
          : undefined
      }
      problem={problem}
    />
  );
}
