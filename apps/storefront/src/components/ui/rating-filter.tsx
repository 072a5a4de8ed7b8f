import { memoByValue } from './memo-by-value.ts';
import styles from './rating-filter.module.css';
import { StarRating } from './star-rating.tsx';

export interface RatingLevelOption {
  readonly stars: number;
  /** "4 stars & up" */
  readonly label: string;
  readonly count: string;
  readonly selected: boolean;
}

export interface RatingFilterProps {
  readonly title: string;
  readonly levels: readonly RatingLevelOption[];
  /** Chooses a level; choosing the selected one again clears it. */
  readonly onSelect: (stars: number) => void;
}

/** Minimum rating, one choice at a time ("4 stars & up"), each with the number of products it keeps. */
export const RatingFilter = memoByValue(function RatingFilter({
  title,
  levels,
  onSelect,
}: RatingFilterProps) {
  return (
    <ul className={styles.list} aria-label={title}>
      {levels.map((level) => (
        <li key={level.stars}>
          <button
            type="button"
            className={styles.level}
            aria-pressed={level.selected}
            onClick={() => onSelect(level.stars)}
          >
            <StarRating value={level.stars} label={level.label} />
            <span className={styles.label} aria-hidden="true">
              {level.label}
            </span>
            <span className={styles.count}>{level.count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
});
