import { useMessages } from '../../i18n/i18n-context.tsx';
import {
  isOptionAvailable,
  type OptionView,
  type ProductView,
  type VariantChoice,
} from '../../lib/commerce/product-view.ts';
import styles from './variant-picker.module.css';

export interface VariantPickerProps {
  readonly product: ProductView;
  readonly choice: VariantChoice;
  readonly onChoose: (choice: VariantChoice) => void;
}

/** Colour and size buttons; a value with no variant in stock for the other choice is disabled. */
export function VariantPicker({ product, choice, onChoose }: VariantPickerProps) {
  const messages = useMessages();
  const group = (kind: 'color' | 'size', legend: string, options: readonly OptionView[]) =>
    options.length > 0 && (
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          {legend}
          {choice[kind] !== null && (
            <span className={styles.current}>
              {messages.product.chosen(
                options.find((option) => option.value === choice[kind])?.label ?? '',
              )}
            </span>
          )}
        </legend>
        <div className={styles.options}>
          {options.map((option) => {
            const available = isOptionAvailable(product, kind, option.value, choice);
            return (
              <button
                key={option.value}
                type="button"
                className={`${styles.option} ${kind === 'color' ? styles.swatch : ''}`}
                aria-pressed={choice[kind] === option.value}
                aria-label={available ? option.label : messages.product.unavailable(option.label)}
                disabled={!available}
                data-option={`${kind}-${option.value}`}
                onClick={() => onChoose({ ...choice, [kind]: option.value })}
              >
                {kind === 'color' && (
                  <span
                    className={styles.dot}
                    style={{ background: cssColor(option.value) }}
                    aria-hidden="true"
                  />
                )}
                {option.label}
              </button>
            );
          })}
        </div>
      </fieldset>
    );
  return (
    <div className={styles.picker}>
      {group('color', messages.product.color, product.colors)}
      {group('size', messages.product.size, product.sizes)}
    </div>
  );
}

/** Catalogue colour names are English CSS names for most values ("Gray", "Purple"). */
function cssColor(value: string): string {
  const known: Readonly<Record<string, string>> = {
    Multi: 'conic-gradient(red, yellow, lime, aqua, blue, magenta, red)',
  };
  return known[value] ?? value.toLowerCase();
}
