import { Check } from 'lucide-react';
import { memoByValue } from './memo-by-value.ts';
import { isLightSwatch, swatchColor } from './swatch-colors.ts';
import styles from './swatch-list.module.css';

export interface SwatchOption {
  /** The colour key (`Black`), which picks the paint. */
  readonly value: string;
  readonly label: string;
  readonly count: string;
  readonly selected: boolean;
}

export interface SwatchListProps {
  readonly title: string;
  readonly options: readonly SwatchOption[];
  readonly onToggle: (value: string) => void;
}

/** The colour facet: a checkbox per colour, drawn as a swatch with its name and count. */
export const SwatchList = memoByValue(function SwatchList({
  title,
  options,
  onToggle,
}: SwatchListProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="visually-hidden">{title}</legend>
      <ul className={styles.list}>
        {options.map((option) => (
          <li key={option.value}>
            <label className={styles.option}>
              <input
                type="checkbox"
                className={styles.input}
                checked={option.selected}
                onChange={() => onToggle(option.value)}
              />
              <span
                className={`${styles.swatch} ${isLightSwatch(option.value) ? styles.light : ''}`}
                style={{ background: swatchColor(option.value) }}
                aria-hidden="true"
              >
                {option.selected && <Check />}
              </span>
              <span className={styles.name}>{option.label}</span>
              <span className={styles.count}>{option.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
});
