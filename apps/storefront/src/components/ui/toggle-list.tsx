import { memoByValue } from './memo-by-value.ts';
import styles from './toggle-list.module.css';

export interface ToggleOption {
  readonly key: string;
  readonly label: string;
  /** Products the toggle would keep; absent when unknown. */
  readonly count?: string;
  readonly on: boolean;
}

export interface ToggleListProps {
  readonly title: string;
  readonly options: readonly ToggleOption[];
  readonly onToggle: (key: string) => void;
}

/** Yes/no filters as switches ("On sale", "New arrivals"). */
export const ToggleList = memoByValue(function ToggleList({
  title,
  options,
  onToggle,
}: ToggleListProps) {
  return (
    <ul className={styles.list} aria-label={title}>
      {options.map((option) => (
        <li key={option.key}>
          <label className={styles.option}>
            <input
              type="checkbox"
              role="switch"
              aria-checked={option.on}
              className={styles.input}
              checked={option.on}
              onChange={() => onToggle(option.key)}
            />
            <span className={styles.track} aria-hidden="true" />
            <span className={styles.label}>{option.label}</span>
            {option.count !== undefined && <span className={styles.count}>{option.count}</span>}
          </label>
        </li>
      ))}
    </ul>
  );
});
