import Image from 'next/image';
import Link from 'next/link';
import { type ReactNode, useState } from 'react';
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
    readonly label: string;
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
  /** Loads the photo eagerly (the first cards on the page). */
  readonly priority?: boolean;
}

const badgeClasses = { sale: styles.sale, new: styles.new, eco: styles.eco } as const;

/** A product in a result list: photo, name, price, rating and its colours, which switch the photo. */
export function ProductCard(props: ProductCardProps) {
  const { href, title, snippet, price, rating, badges, colors, priority = false } = props;
  const [shownColor, setShownColor] = useState(props.selectedColor);
  const shown = colors.find((color) => color.value === shownColor);
  const imageUrl = shown?.imageUrl ?? props.imageUrl;
  const colorHref = (color: string | null) =>
    color ? `${href}?color=${encodeURIComponent(color)}` : href;
  return (
    <article className={styles.card}>
      <Link href={colorHref(shownColor)} className={styles.media} tabIndex={-1} aria-hidden="true">
        {imageUrl && (
          <Image
            src={imageUrl}
            alt=""
            width={258}
            height={320}
            sizes="(max-width: 599px) 50vw, (max-width: 1199px) 33vw, 260px"
            priority={priority}
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
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link href={colorHref(shownColor)}>{title}</Link>
        </h3>
        {snippet && <p className={styles.snippet}>{snippet}</p>}
        <p className={styles.price}>{price}</p>
        {rating && (
          <p className={styles.rating}>
            <StarRating value={rating.value} label={rating.label} />
            <span className={styles.reviews}>{rating.reviews}</span>
          </p>
        )}
        {colors.length > 1 && (
          <fieldset className={styles.colors}>
            <legend className="visually-hidden">{props.colorCountLabel}</legend>
            {colors.map((color) => (
              <button
                key={color.value}
                type="button"
                className={`${styles.swatch} ${isLightSwatch(color.value) ? styles.light : ''}`}
                style={{ background: swatchColor(color.value) }}
                aria-pressed={color.value === shownColor}
                aria-label={props.showColorLabel(color.label)}
                title={color.label}
                onClick={() => setShownColor(color.value)}
              />
            ))}
          </fieldset>
        )}
      </div>
    </article>
  );
}
