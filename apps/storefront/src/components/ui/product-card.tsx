import Image from 'next/image';
import Link from 'next/link';
import { type ReactNode, useState } from 'react';
import { memoByValue } from './memo-by-value.ts';
import styles from './product-card.module.css';
import { StarRating } from './star-rating.tsx';
import { isLightSwatch, swatchColor } from './swatch-colors.ts';

export interface ProductCardColor {
  readonly value: string;
  readonly label: string;
  readonly imageUrl: string | null;
}

export interface ProductCardProps {
  readonly href: string;
  /** The product name, possibly with highlighted parts. */
  readonly title: ReactNode;
  /** A short description, possibly with highlighted parts. */
  readonly snippet?: ReactNode;
  readonly price: string;
  readonly rating: {
    readonly value: number;
    /** Read instead of the stars: "Rated 4.3 out of 5". */
    readonly label: string;
    /** The average shown beside the stars (`4.3`), hidden from assistive technology, which reads `label`. */
    readonly valueText: string;
    readonly reviews: string;
  } | null;
  readonly badges: readonly { readonly key: 'sale' | 'new' | 'eco'; readonly label: string }[];
  readonly colors: readonly ProductCardColor[];
  readonly selectedColor: string | null;
  readonly imageUrl: string | null;
  /** "3 colours" */
  readonly colorCountLabel: string;
  /** "Show in black" */
  readonly showColorLabel: (color: string) => string;
  /** Loads the photo eagerly (the cards of the first screen). */
  readonly priority?: boolean;
  /**
   * The page's likely largest paint (the first card): its photo is preloaded from the document's head and
   * fetched at high priority, ahead of the other photos.
   */
  readonly preload?: boolean;
}

const badgeClasses = { sale: styles.sale, new: styles.new, eco: styles.eco } as const;

/** A product in a result list: photo, name, price, rating and its colours, which switch the photo. */
export function ProductCard(props: ProductCardProps) {
  const { href, title, snippet, price, rating, badges, colors, priority = false } = props;
  const preload = props.preload === true;
  const [shownColor, setShownColor] = useState(props.selectedColor);
  const shown = colors.find((color) => color.value === shownColor);
  const imageUrl = shown?.imageUrl ?? props.imageUrl;
  const shownHref = shownColor ? `${href}?color=${encodeURIComponent(shownColor)}` : href;
  // The photo and the swatches are memoised apart from the name: a search card renders again on each
  // keystroke for its highlighted name, and only the name's markup then changes (keystroke latency, bench/web).
  return (
    <article className={styles.card}>
      <CardMedia
        href={shownHref}
        imageUrl={imageUrl}
        badges={badges}
        priority={priority}
        preload={preload}
      />
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link href={shownHref}>{title}</Link>
        </h3>
        {snippet && <p className={styles.snippet}>{snippet}</p>}
        <p className={styles.price}>{price}</p>
        {rating && (
          <p className={styles.rating}>
            <StarRating value={rating.value} label={rating.label} />
            <span className={styles.ratingValue} aria-hidden="true">
              {rating.valueText}
            </span>
            <span className={styles.reviews}>{rating.reviews}</span>
          </p>
        )}
        {colors.length > 1 && (
          <CardColors
            colors={colors}
            shownColor={shownColor}
            legend={props.colorCountLabel}
            showColorLabel={props.showColorLabel}
            onShow={setShownColor}
          />
        )}
      </div>
    </article>
  );
}

const CardMedia = memoByValue(function CardMedia({
  href,
  imageUrl,
  badges,
  priority,
  preload,
}: Pick<ProductCardProps, 'href' | 'badges'> & {
  readonly imageUrl: string | null;
  readonly priority: boolean;
  readonly preload: boolean;
}) {
  return (
    <Link href={href} className={styles.media} tabIndex={-1} aria-hidden="true">
      {imageUrl && (
        <Image
          src={imageUrl}
          alt=""
          width={258}
          height={320}
          // No `sizes`: the photos are 258 px wide and Next's optimizer does not enlarge them, so of the
          // nine widths a `sizes` gave, those above 258 were the same file under other addresses. Without
          // it the card names two (1x, 2x): a ninth of the markup per card.
          // Next 16's `priority` preloads every such photo at low priority; only the first one is preloaded.
          preload={preload}
          fetchPriority={preload ? 'high' : undefined}
          loading={priority && !preload ? 'eager' : undefined}
        />
      )}
      {badges.length > 0 && (
        <span className={styles.badges}>
          {badges.map((badge) => (
            <span key={badge.key} className={`${styles.badge} ${badgeClasses[badge.key]}`}>
              {badge.label}
            </span>
          ))}
        </span>
      )}
    </Link>
  );
});

const CardColors = memoByValue(function CardColors({
  colors,
  shownColor,
  legend,
  showColorLabel,
  onShow,
}: {
  readonly colors: readonly ProductCardColor[];
  readonly shownColor: string | null;
  readonly legend: string;
  readonly showColorLabel: (color: string) => string;
  readonly onShow: (color: string) => void;
}) {
  return (
    <fieldset className={styles.colors}>
      <legend className="visually-hidden">{legend}</legend>
      {colors.map((color) => (
        <button
          key={color.value}
          type="button"
          className={`${styles.swatch} ${isLightSwatch(color.value) ? styles.light : ''}`}
          style={{ background: swatchColor(color.value) }}
          aria-pressed={color.value === shownColor}
          aria-label={showColorLabel(color.label)}
          title={color.label}
          onClick={() => onShow(color.value)}
        />
      ))}
    </fieldset>
  );
});
