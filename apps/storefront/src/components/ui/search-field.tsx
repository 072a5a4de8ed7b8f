import { Search } from 'lucide-react';
import styles from './search-field.module.css';

export interface SearchFieldProps {
  /** The search page of the current language (`/search` or `/recherche`). */
  readonly action: string;
  readonly label: string;
  readonly placeholder: string;
  readonly submitLabel: string;
  readonly defaultValue?: string;
  readonly maxLength: number;
}

/** A plain GET form: it works before (and without) JavaScript and always carries the query in `q`. */
export function SearchField({
  action,
  label,
  placeholder,
  submitLabel,
  defaultValue,
  maxLength,
}: SearchFieldProps) {
  return (
    <search className={styles.search}>
      <form className={styles.form} action={action} method="get">
        <label htmlFor="site-search" className="visually-hidden">
          {label}
        </label>
        <input
          id="site-search"
          className={styles.input}
          type="search"
          name="q"
          placeholder={placeholder}
          defaultValue={defaultValue}
          maxLength={maxLength}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className={styles.submit}>
          <Search aria-hidden="true" />
          <span className="visually-hidden">{submitLabel}</span>
        </button>
      </form>
    </search>
  );
}
