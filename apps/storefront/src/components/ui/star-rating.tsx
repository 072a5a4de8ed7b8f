import styles from './star-rating.module.css';

export interface StarRatingProps {
  /** 0 to 5; fractions fill part of a star. */
  readonly value: number;
  /** Read instead of the stars ("Rated 4.3 out of 5"). */
  readonly label: string;
  /** `large` on a product's own page; cards use the default. */
  readonly size?: 'default' | 'large';
}

/**
 * Five stars filled up to `value`, announced as its label. One element: a gradient seen through a mask of
 * five stars (star-rating.module.css) rather than ten SVGs, because a page of results shows dozens of them,
 * and not the text "★★★★★", which made every page download a web font's symbols subset for it.
 */
export function StarRating({ value, label, size = 'default' }: StarRatingProps) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span
      className={size === 'large' ? `${styles.rating} ${styles.large}` : styles.rating}
      role="img"
      aria-label={label}
      style={{ ['--filled' as string]: `${percent}%` }}
    >
      <span aria-hidden="true" className={styles.stars} />
    </span>
  );
}
