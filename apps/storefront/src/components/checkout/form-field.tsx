import styles from './form-field.module.css';

export interface FormFieldProps {
  readonly name: string;
  readonly label: string;
  readonly type: string;
  readonly autoComplete: string;
  /** The first value; afterwards the field keeps what the shopper types (see CheckoutScreen). */
  readonly defaultValue: string;
  readonly required: boolean;
  /** Shown under the field and tied to it with `aria-describedby`. */
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
}

export function FormField(props: FormFieldProps) {
  const id = `field-${props.name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={props.error ? styles.invalid : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      {props.error && (
        <p id={`${id}-error`} className={styles.error}>
          {props.error}
        </p>
      )}
    </div>
  );
}
