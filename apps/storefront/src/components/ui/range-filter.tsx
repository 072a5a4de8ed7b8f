import { type FormEvent, useEffect, useId, useState } from 'react';
import { memoByValue } from './memo-by-value.ts';
import styles from './range-filter.module.css';

export interface RangeFilterProps {
  /** The lowest and highest values of the current results (the slider's ends). */
  readonly bounds: { readonly min: number; readonly max: number };
  /** The chosen range; an absent side is unbounded. */
  readonly value: { readonly min?: number; readonly max?: number };
  /** Called once per change the shopper commits (slider released, form submitted). */
  readonly onChange: (range: { min?: number; max?: number }) => void;
  readonly format: (value: number) => string;
  readonly labels: {
    readonly min: string;
    readonly max: string;
    readonly apply: string;
    readonly group: string;
    /** E.g. "€" shown beside the inputs. */
    readonly unit: string;
  };
  readonly step?: number;
}

/** What the fields hold: an emptied field (`undefined`) means no bound on that side once applied. */
interface Draft {
  readonly min: number | undefined;
  readonly max: number | undefined;
}

/**
 * A numeric range: a two-thumb slider and two number fields that stay in step. Emptying a field and
 * applying removes that bound; the field then shows the results' end again, as before any choice.
 */
export const RangeFilter = memoByValue(function RangeFilter({
  bounds,
  value,
  onChange,
  format,
  labels,
  step = 1,
}: RangeFilterProps) {
  const id = useId();
  const low = Math.floor(bounds.min);
  const high = Math.ceil(bounds.max);
  const [draft, setDraft] = useState<Draft>({ min: value.min ?? low, max: value.max ?? high });
  useEffect(() => {
    setDraft({ min: value.min ?? low, max: value.max ?? high });
  }, [value.min, value.max, low, high]);
  const disabled = low >= high;
  /**
   * Applies a range: an empty side is unbounded, each end brought into the bounds, the two swapped when the
   * minimum is the higher.
   */
  const commit = (next: Draft) => {
    const given = { min: next.min ?? low, max: next.max ?? high };
    const min = Math.max(low, Math.min(given.min, given.max));
    const max = Math.min(high, Math.max(given.min, given.max));
    setDraft({ min, max });
    onChange({
      ...(min > low ? { min } : {}),
      ...(max < high ? { max } : {}),
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    commit(draft);
  };
  // The filled bar between the thumbs, kept in its track while a field holds a value out of the range.
  const span = Math.max(1, high - low);
  const share = (value: number) => (Math.min(high, Math.max(low, value)) - low) / span;
  const thumbs = { min: draft.min ?? low, max: draft.max ?? high };
  const start = share(Math.min(thumbs.min, thumbs.max)) * 100;
  const end = share(Math.max(thumbs.min, thumbs.max)) * 100;
  return (
    // `noValidate`: a value beyond the range is brought back into it on submit (`commit`) rather than
    // refused by the browser's own bubble, which would not speak the page's language.
    <form className={styles.range} onSubmit={submit} aria-label={labels.group} noValidate>
      <div
        className={styles.slider}
        style={{ ['--start' as string]: `${start}%`, ['--end' as string]: `${end}%` }}
      >
        <input
          type="range"
          aria-label={labels.min}
          aria-valuetext={format(thumbs.min)}
          min={low}
          max={high}
          step={step}
          value={thumbs.min}
          disabled={disabled}
          onChange={(event) =>
            setDraft({ ...draft, min: Math.min(Number(event.currentTarget.value), thumbs.max) })
          }
          onPointerUp={() => commit(draft)}
          onKeyUp={() => commit(draft)}
        />
        <input
          type="range"
          aria-label={labels.max}
          aria-valuetext={format(thumbs.max)}
          min={low}
          max={high}
          step={step}
          value={thumbs.max}
          disabled={disabled}
          onChange={(event) =>
            setDraft({ ...draft, max: Math.max(Number(event.currentTarget.value), thumbs.min) })
          }
          onPointerUp={() => commit(draft)}
          onKeyUp={() => commit(draft)}
        />
      </div>
      <div className={styles.fields}>
        <NumberField
          id={`${id}-min`}
          label={labels.min}
          unit={labels.unit}
          value={draft.min}
          bounds={{ min: low, max: high }}
          disabled={disabled}
          onChange={(min) => setDraft({ ...draft, min })}
        />
        <span className={styles.dash} aria-hidden="true">
          –
        </span>
        <NumberField
          id={`${id}-max`}
          label={labels.max}
          unit={labels.unit}
          value={draft.max}
          bounds={{ min: low, max: high }}
          disabled={disabled}
          onChange={(max) => setDraft({ ...draft, max })}
        />
        <button type="submit" className={styles.apply} disabled={disabled}>
          {labels.apply}
        </button>
      </div>
    </form>
  );
});

function NumberField(props: {
  id: string;
  label: string;
  unit: string;
  /** `undefined`: the field is empty (no bound). */
  value: number | undefined;
  bounds: { min: number; max: number };
  disabled: boolean;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <span className={styles.field}>
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <input
        id={props.id}
        type="number"
        inputMode="numeric"
        min={props.bounds.min}
        max={props.bounds.max}
        value={props.value !== undefined && Number.isFinite(props.value) ? props.value : ''}
        disabled={props.disabled}
        onChange={(event) => {
          const next = event.currentTarget.valueAsNumber;
          // An emptied field is no bound; a half-typed number (`1e`) reads as empty too and is kept as typed.
          props.onChange(Number.isFinite(next) ? next : undefined);
        }}
      />
      <span className={styles.unit} aria-hidden="true">
        {props.unit}
      </span>
    </span>
  );
}
