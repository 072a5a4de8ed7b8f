import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { memoByValue } from './memo-by-value.ts';
import styles from './select-field.module.css';

export interface SelectFieldProps {
  readonly label: string;
  readonly value: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly onChange: (value: string) => void;
  /** Hides the label visually (it stays announced). */
  readonly compact?: boolean;
}

/** A labelled native select. */
export const SelectField = memoByValue(function SelectField({
  label,
  value,
  options,
  onChange,
  compact = false,
}: SelectFieldProps) {
  const id = useId();
  return (
    <span className={styles.field}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <span className={styles.control}>
        <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" />
      </span>
    </span>
  );
});
