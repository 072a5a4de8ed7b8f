import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import styles from './facet-list.module.css';
import { memoByValue } from './memo-by-value.ts';

export interface FacetOption {
  readonly value: string;
  /** The value in the page's language; may contain highlighted parts when searching the list. */
  readonly label: ReactNode;
  readonly count: string;
  readonly selected: boolean;
}

export interface FacetListProps {
  /** Names the group of checkboxes ("Material"). */
  readonly title: string;
  readonly options: readonly FacetOption[];
  readonly onToggle: (value: string) => void;
  /** A field that searches the facet's values. */
  readonly search?: {
    readonly label: string;
    readonly value: string;
    readonly onChange: (query: string) => void;
    readonly maxLength: number;
  };
  /** Shown when searching the values finds none. */
  readonly noMatchText: string;
  readonly showMore?: {
    readonly expanded: boolean;
    readonly onToggle: () => void;
    readonly moreLabel: string;
    readonly lessLabel: string;
  };
}

/** A facet's values as checkboxes with their counts, optionally searchable and expandable. */
export const FacetList = memoByValue(function FacetList({
  title,
  options,
  onToggle,
  search,
  noMatchText,
  showMore,
}: FacetListProps) {
  const id = useId();
  return (
    <div className={styles.facet}>
      {search && (
        <div className={styles.search}>
          <Search aria-hidden="true" />
          <input
            type="search"
            aria-label={search.label}
            placeholder={search.label}
            value={search.value}
            maxLength={search.maxLength}
            onChange={(event) => search.onChange(event.currentTarget.value)}
            autoComplete="off"
          />
        </div>
      )}
      {options.length === 0 && search?.value ? <p className={styles.empty}>{noMatchText}</p> : null}
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">{title}</legend>
        <ul className={styles.list}>
          {options.map((option) => (
            <li key={option.value}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={option.selected}
                  onChange={() => onToggle(option.value)}
                  name={`${id}-${option.value}`}
                />
                <span className={styles.label}>{option.label}</span>
                <span className={styles.count}>{option.count}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {showMore && (
        <button
          type="button"
          className={styles.more}
          onClick={showMore.onToggle}
          aria-expanded={showMore.expanded}
        >
          {showMore.expanded ? showMore.lessLabel : showMore.moreLabel}
        </button>
      )}
    </div>
  );
});
