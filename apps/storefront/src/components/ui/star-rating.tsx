import { Star } from 'lucide-react';
import styles from './star-rating.module.css';

export interface StarRatingProps {
  /** 0 to 5; fractions fill part of a star. */
  readonly value: number;
  /** Read instead of the stars ("Rated 4.3 out of 5"). */
  readonly label: string;
}

/** Five stars filled up to `value`, announced as its label. */
export function StarRating({ value, label }: StarRatingProps) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={styles.rating} role="img" aria-label={label}>
      <span className={styles.empty} aria-hidden="true">
        <Stars />
      </span>
      <span className={styles.filled} style={{ width: `${percent}%` }} aria-hidden="true">
        <Stars />
      </span>
    </span>
  );
}

function Stars() {
  return (
    <>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} />
      ))}
    </>
  );
}
