import { Search, X } from 'lucide-react';
import { type FormEvent, type RefObject, useId } from 'react';
import styles from './search-input.module.css';

export interface SearchInputProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Empties the field (and the search). */
  readonly onReset: () => void;
  readonly label: string;
  readonly placeholder: string;
  readonly submitLabel: string;
  readonly resetLabel: string;
  readonly maxLength: number;
  /** The search page the form falls back to without JavaScript. */
  readonly action: string;
  readonly inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The search page's search field: results follow each keystroke; it is also a GET form carrying `q`, so it
 * works before the page's script runs.
 */
export function SearchInput(props: SearchInputProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.inputRef?.current?.blur();
  };
  const reset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onReset();
    props.inputRef?.current?.focus();
  };
  return (
    <search className={styles.search}>
      <form
        className={styles.form}
        action={props.action}
        method="get"
        noValidate
        onSubmit={submit}
        onReset={reset}
      >
        <label htmlFor={id} className="visually-hidden">
          {props.label}
        </label>
        <Search className={styles.icon} aria-hidden="true" />
        <input
          ref={props.inputRef}
          id={id}
          className={styles.input}
          type="search"
          name="q"
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
        />
        <button
          type="reset"
          className={styles.reset}
          aria-label={props.resetLabel}
          hidden={props.value.length === 0}
        >
          <X aria-hidden="true" />
        </button>
        <button type="submit" className={styles.submit}>
          {props.submitLabel}
        </button>
      </form>
    </search>
  );
}
