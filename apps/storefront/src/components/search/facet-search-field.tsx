import { Search } from 'lucide-react';
import listStyles from '../ui/facet-list.module.css';
import { memoByValue } from '../ui/memo-by-value.ts';

export interface FacetSearchFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (query: string) => void;
  /** Shown below the field when the search finds no value. */
  readonly noMatchText: string | null;
}

/** The search field of a facet drawn as something other than a list (the colour swatches). */
export const FacetSearchField = memoByValue(function FacetSearchField({
  label,
  value,
  onChange,
  noMatchText,
}: FacetSearchFieldProps) {
  return (
    <>
      <div className={listStyles.search}>
        <Search aria-hidden="true" />
        <input
          type="search"
          aria-label={label}
          placeholder={label}
          value={value}
          maxLength={100}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete="off"
        />
      </div>
      {noMatchText && <p className={listStyles.empty}>{noMatchText}</p>}
    </>
  );
});
