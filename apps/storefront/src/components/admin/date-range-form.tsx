import Link from 'next/link';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { adminPath } from '../../lib/admin/admin-paths.ts';
import { type DateRange, rangePresets } from '../../lib/admin/date-range.ts';
import styles from './date-range-form.module.css';

/** The period: presets as links, and a custom from/to form; both write the period to the address. */
export function DateRangeForm({ range }: { readonly range: DateRange }) {
  const locale = useLocale();
  const messages = useMessages().admin.analytics;
  return (
    <div className={styles.period}>
      <nav aria-label={messages.period} className={styles.presets}>
        {rangePresets.map((days) => (
          <Link
            key={days}
            href={adminPath('analytics', locale, { days: String(days) })}
            className={styles.preset}
            aria-current={range.preset === days ? 'page' : undefined}
          >
            {messages.lastDays(days)}
          </Link>
        ))}
      </nav>
      <form method="get" action="/admin/analytics" className={styles.custom}>
        {locale === 'fr' && <input type="hidden" name="lang" value="fr" />}
        <label className={styles.field}>
          <span>{messages.from}</span>
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label className={styles.field}>
          <span>{messages.to}</span>
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit" className={styles.apply}>
          {messages.apply}
        </button>
      </form>
    </div>
  );
}
