import { X } from 'lucide-react';
import styles from './refinement-chips.module.css';

export interface RefinementChip {
  readonly key: string;
  /** "Colour: Black" */
  readonly label: string;
  /** "Remove the filter Colour: Black" */
  readonly removeLabel: string;
  readonly onRemove: () => void;
}

export interface RefinementChipsProps {
  readonly title: string;
  readonly chips: readonly RefinementChip[];
  readonly clearAll?: { readonly label: string; readonly onClear: () => void };
}

/** The filters in force, each removable, and a button that removes them all. */
export function RefinementChips({ title, chips, clearAll }: RefinementChipsProps) {
  if (chips.length === 0) return null;
  return (
    <section className={styles.chips} aria-label={title}>
      <ul className={styles.list}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className={styles.chip}
              onClick={chip.onRemove}
              aria-label={chip.removeLabel}
            >
              {chip.label}
              <X aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {clearAll && (
        <button type="button" className={styles.clear} onClick={clearAll.onClear}>
          {clearAll.label}
        </button>
      )}
    </section>
  );
}
