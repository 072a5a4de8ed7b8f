import { useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { readableDate } from '../../lib/admin/describe-rule.ts';
import type { PreviewMoment, RuleTiming } from '../../lib/admin/rule-timing.ts';
import styles from './console.module.css';

/** The preview's language and width, and — for a rule with dates or switched off — which moment it shows. */
export function PreviewOptions(props: {
  readonly language: Locale;
  readonly width: 'desktop' | 'phone';
  readonly onLanguage: (language: Locale) => void;
  readonly onWidth: (width: 'desktop' | 'phone') => void;
  readonly moment?: PreviewMoment;
  readonly onMoment?: (moment: PreviewMoment) => void;
}) {
  const text = useMessages().admin.console.preview;
  const { language, width, moment, onMoment } = props;
  return (
    <div className={styles.inline}>
      <Toggle
        legend={text.language}
        name="preview-language"
        value={language}
        options={[
          ['en', 'English'],
          ['fr', 'Français'],
        ]}
        onChange={(value) => props.onLanguage(value === 'fr' ? 'fr' : 'en')}
      />
      <Toggle
        legend={text.width}
        name="preview-width"
        value={width}
        options={[
          ['desktop', text.desktop],
          ['phone', text.phone],
        ]}
        onChange={(value) => props.onWidth(value === 'phone' ? 'phone' : 'desktop')}
      />
      {moment && onMoment && (
        <Toggle
          legend={text.moment}
          name="preview-moment"
          value={moment}
          options={[
            ['during', text.during],
            ['now', text.now],
          ]}
          onChange={(value) => onMoment(value === 'now' ? 'now' : 'during')}
        />
      )}
    </div>
  );
}

/**
 * Whether shoppers see the rule now (its dates and switch, on the server's clock) and, when they do not, which
 * moment the results below show.
 */
export function PreviewTiming(props: { readonly timing: RuleTiming; readonly applied: boolean }) {
  const text = useMessages().admin.console.preview;
  const { timing } = props;
  if (timing.state === 'always') return null;
  const line =
    timing.state === 'disabled'
      ? text.timing.disabled
      : timing.state === 'active'
        ? text.timing.active(readableDate(timing.until))
        : timing.state === 'upcoming'
          ? text.timing.upcoming(readableDate(timing.from), readableDate(timing.until))
          : text.timing.ended(readableDate(timing.until));
  const shown =
    timing.state === 'active' ? '' : props.applied ? text.showingDuring : text.showingNow;
  return (
    <p
      className={timing.state === 'active' ? styles.muted : styles.warning}
      data-testid="preview-timing"
    >
      {line} {shown}
    </p>
  );
}

function Toggle(props: {
  readonly legend: string;
  readonly name: string;
  readonly value: string;
  readonly options: readonly (readonly [string, string])[];
  readonly onChange: (value: string) => void;
}) {
  return (
    <fieldset className={styles.toggle}>
      <legend>{props.legend}</legend>
      {props.options.map(([value, label]) => (
        <label key={value} className={styles.choice}>
          <input
            type="radio"
            name={props.name}
            value={value}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
