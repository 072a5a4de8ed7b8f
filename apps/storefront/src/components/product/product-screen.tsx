import Head from 'next/head';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import {
  findVariant,
  imagesFor,
  initialChoice,
  productJsonLd,
  type VariantChoice,
} from '../../lib/commerce/product-view.ts';
import { useProductViewEvent } from '../../lib/insights/use-product-view-event.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import type { ProductPageProps } from '../../page-loaders/commerce-server-side-props.ts';
import { PageHead } from '../layout/page-head.tsx';
import {
  ProductBoughtTogether,
  ProductRecommendations,
} from '../recommend/product-recommendations.tsx';
import { BreadcrumbTrail } from '../ui/breadcrumb-trail.tsx';
import { StarRating } from '../ui/star-rating.tsx';
import { AddToCart } from './add-to-cart.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductReviews } from './product-reviews.tsx';
import styles from './product-screen.module.css';
import { VariantPicker } from './variant-picker.tsx';

/** The product page: photos, price, options, stock, add to cart, description and reviews. */
export function ProductScreen({ product, requestedColor }: ProductPageProps) {
  const locale = useLocale();
  const messages = useMessages();
  const router = useRouter();
  const { origin } = useSiteData();
  const [choice, setChoice] = useState<VariantChoice>(() =>
    initialChoice(product, requestedColor ?? undefined),
  );
  const variant = findVariant(product, choice);
  useProductViewEvent(product.id, choice.color);
  const prices = product.variants.map((item) => item.priceCents);
  const price = variant?.priceCents ?? Math.min(...prices);
  const url = `${origin}${pathFor({ name: 'product', slug: product.slug }, locale)}`;
  const choose = (next: VariantChoice) => {
    setChoice(next);
    if (next.color !== choice.color && next.color !== null) {
      void router.replace({ query: { ...router.query, color: next.color } }, undefined, {
        shallow: true,
        scroll: false,
      });
    }
  };
  return (
    <div className={`container ${styles.page}`}>
      <PageHead
        title={`${product.name} · Vitrine`}
        description={product.description.slice(0, 160)}
      />
      <Head>
        <link rel="canonical" href={url} />
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be inline; `<` is escaped below.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify(productJsonLd(product, origin, url)).replace(/</g, '\\u003c'),
          }}
        />
      </Head>
      <BreadcrumbTrail
        label={messages.product.breadcrumbLabel}
        steps={[
          { id: 'home', label: messages.product.home, href: pathFor({ name: 'home' }, locale) },
          ...product.breadcrumb.map((step) => ({ ...step, id: step.href })),
          { id: 'product', label: product.name },
        ]}
      />
      <div className={styles.layout}>
        <ProductGallery name={product.name} images={imagesFor(product, choice.color)} />
        <div className={styles.details}>
          <p className={styles.brand}>{product.brand}</p>
          <h1 className={styles.name}>{product.name}</h1>
          {product.rating !== null && (
            // Stars filled to the average (4.3 fills 4 and a third), read as "Rated 4.3 out of 5"; the
            // number beside them is the same words for the eye, so assistive technology skips it.
            <p className={styles.rating}>
              <StarRating
                value={product.rating}
                label={messages.search.ratingOutOfFive(product.rating)}
                size="large"
              />
              <span className={styles.ratingValue} aria-hidden="true">
                {messages.search.ratingValue(product.rating)}
              </span>
              <a href="#reviews-title">{messages.search.reviews(product.reviews.length)}</a>
            </p>
          )}
          <p className={styles.price} data-testid="product-price">
            {formatPrice(price, locale)}
          </p>
          <VariantPicker product={product} choice={choice} onChoose={choose} />
          <AddToCart product={product} variant={variant} choice={choice} />
          <ProductBoughtTogether
            key={product.id}
            product={product}
            requestedColor={requestedColor}
            choice={choice}
            variant={variant}
          />
          <section className={styles.description}>
            <h2>{messages.product.description}</h2>
            <p>{product.description}</p>
          </section>
        </div>
      </div>
      <ProductRecommendations key={product.id} product={product} requestedColor={requestedColor} />
      <ProductReviews reviews={product.reviews} />
    </div>
  );
}
