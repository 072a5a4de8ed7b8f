import { useState } from 'react';
import { useLocale } from '../../i18n/i18n-context.tsx';
import {
  initialChoice,
  type ProductView,
  type VariantChoice,
  type VariantView,
} from '../../lib/commerce/product-view.ts';
import { categoryPathOfHref } from '../../lib/recommend/product-category.ts';
import { recordObjectID } from '../../lib/recommend/record-object-id.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { BundlePlaceholder } from './bought-together-box.tsx';
import { BoughtTogetherBundle } from './bought-together-bundle.tsx';
import { LookingSimilarRow } from './looking-similar-row.tsx';
import { RowPlaceholder } from './recommend-carousel.tsx';
import { RecommendProvider } from './recommend-provider.tsx';
import { RelatedProductsRow } from './related-products-row.tsx';

export interface ProductRecommendationsProps {
  readonly product: ProductView;
  /** `?color=` of the address: recommendations are asked for the record of the colour the page opened on. */
  readonly requestedColor: string | null;
}

/**
 * The record recommendations are asked for: the one of the colour the page opened on. Kept while the shopper
 * switches colours, so that the rows do not reload (the models answer per product anyway).
 */
function useSourceObjectID(product: ProductView, requestedColor: string | null): string {
  const [objectID] = useState(() =>
    recordObjectID(product.id, initialChoice(product, requestedColor ?? undefined).color),
  );
  return objectID;
}

/** Below the product: related products, then products looking similar. */
export function ProductRecommendations({ product, requestedColor }: ProductRecommendationsProps) {
  const objectID = useSourceObjectID(product, requestedColor);
  const locale = useLocale();
  const { navigation } = useSiteData();
  const category = product.breadcrumb.at(-1)?.href;
  const categoryPath = category ? categoryPathOfHref(category, navigation, locale) : undefined;
  return (
    <RecommendProvider
      fallback={
        <>
          <RowPlaceholder />
          <RowPlaceholder />
        </>
      }
    >
      <RelatedProductsRow objectID={objectID} />
      <LookingSimilarRow objectID={objectID} categoryPath={categoryPath} />
    </RecommendProvider>
  );
}

export interface ProductBoughtTogetherProps extends ProductRecommendationsProps {
  /** The colour and size chosen on the page (the box shows the chosen colour's photo). */
  readonly choice: VariantChoice;
  /** The variant chosen on the page, which "add both" adds. */
  readonly variant: VariantView | undefined;
}

/** Next to "add to cart": the product most bought with this one, and "add both to cart". */
export function ProductBoughtTogether({
  product,
  requestedColor,
  choice,
  variant,
}: ProductBoughtTogetherProps) {
  const objectID = useSourceObjectID(product, requestedColor);
  return (
    <RecommendProvider fallback={<BundlePlaceholder />}>
      <BoughtTogetherBundle
        objectID={objectID}
        product={product}
        choice={choice}
        variant={variant}
      />
    </RecommendProvider>
  );
}
