import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { AnalyticsReport } from '../../lib/admin/analytics-report.ts';
import { formatPosition, formatRate } from '../../lib/admin/format-analytics.ts';
import styles from './kpi-tiles.module.css';
import { MeasuredValue } from './measured-value.tsx';

/** The period's headline figures. */
export function KpiTiles({ totals }: { readonly totals: AnalyticsReport['totals'] }) {
  const locale = useLocale();
  const labels = useMessages().admin.analytics.kpis;
  const tiles = [
    ['searches', labels.searches, formatNumber(totals.searches, locale)],
    ['click-through-rate', labels.clickThroughRate, formatRate(totals.clickThroughRate, locale)],
    [
      'average-click-position',
      labels.averageClickPosition,
      formatPosition(totals.averageClickPosition, locale),
    ],
    ['conversion-rate', labels.conversionRate, formatRate(totals.conversionRate, locale)],
    ['no-result-rate', labels.noResultRate, formatRate(totals.noResultRate, locale)],
  ] as const;
  return (
    <dl className={styles.tiles}>
      {tiles.map(([key, label, value]) => (
        <div key={key} className={styles.tile} data-testid={`kpi-${key}`}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>
            <MeasuredValue text={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
