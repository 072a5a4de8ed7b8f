import { label } from '@vitrine/catalogue';
import dynamic from 'next/dynamic';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { adminPath } from '../../lib/admin/admin-paths.ts';
import {
  type AnalyticsReport,
  type ItemRow,
  isEmptyReport,
} from '../../lib/admin/analytics-report.ts';
import { dateRangeParams } from '../../lib/admin/date-range.ts';
import { filterLabel } from '../../lib/admin/filter-labels.ts';
import { formatLongDay, formatRate } from '../../lib/admin/format-analytics.ts';
import type { AnalyticsPageProps } from '../../page-loaders/admin-server-side-props.ts';
import { SearchNotice } from '../ui/search-notice.tsx';
import styles from './analytics-screen.module.css';
import consoleStyles from './console.module.css';
import { ConsoleHeader } from './console-header.tsx';
import { DateRangeForm } from './date-range-form.tsx';
import { KpiTiles } from './kpi-tiles.tsx';
import { MeasuredValue } from './measured-value.tsx';
import { type ReportColumn, ReportTable } from './report-table.tsx';

// recharts draws with browser measurements: it loads on this page only, after the server-rendered tables.
const SearchesChart = dynamic(
  () => import('./searches-chart.tsx').then((module) => module.SearchesChart),
  { ssr: false },
);

/** The merchant's search analytics for one period. */
export function AnalyticsScreen(props: AnalyticsPageProps) {
  const locale = useLocale();
  const text = useMessages().admin.analytics;
  return (
    <div className={`container ${consoleStyles.page}`}>
      <ConsoleHeader
        page="analytics"
        title={text.title}
        intro={text.showing(
          formatLongDay(props.range.from, locale),
          formatLongDay(props.range.to, locale),
        )}
        params={dateRangeParams(props.range)}
      />
      <DateRangeForm range={props.range} />
      {props.rangeProblem && (
        <p className={styles.problem} role="status">
          {text.rangeProblems[props.rangeProblem]}
        </p>
      )}
      {props.status === 'error' ? (
        <SearchNotice
          tone="error"
          title={text.errors.title}
          text={text.errors[props.failure]}
          actions={
            <a href={adminPath('analytics', locale, dateRangeParams(props.range))}>
              {text.errors.retry}
            </a>
          }
        />
      ) : isEmptyReport(props.report) ? (
        <SearchNotice tone="empty" title={text.empty.title} text={text.empty.body} />
      ) : (
        <Report report={props.report} />
      )}
    </div>
  );
}

function Report({ report }: { readonly report: AnalyticsReport }) {
  const locale = useLocale();
  const text = useMessages().admin.analytics;
  const columns = text.columns;
  const number = (value: number) => formatNumber(value, locale);
  const rate = (value: number | null) => <MeasuredValue text={formatRate(value, locale)} />;
  const query = (value: string) => value || text.emptyQuery;
  const item: ReportColumn<ItemRow> = {
    header: columns.item,
    cell: (row) => <ItemName row={row} />,
  };
  return (
    <>
      <KpiTiles totals={report.totals} />
      <section className={styles.chart} aria-labelledby="chart-title">
        <h2 id="chart-title" className={styles.chartTitle}>
          {text.chartTitle}
        </h2>
        <div className={styles.chartArea} aria-hidden="true">
          <SearchesChart locale={locale} label={text.columns.count} days={report.searchesPerDay} />
        </div>
        <details className={styles.chartTable}>
          <summary>{text.chartTable}</summary>
          <ReportTable
            id="searches-per-day"
            title={text.chartTitle}
            columns={[
              { header: text.date, cell: (row) => formatLongDay(row.date, locale) },
              { header: columns.count, cell: (row) => number(row.count), numeric: true },
            ]}
            rows={report.searchesPerDay}
            rowKey={(row) => row.date}
            emptyText={text.noRows}
          />
        </details>
      </section>
      <div className={styles.grid}>
        <ReportTable
          id="top-searches"
          title={text.topSearches}
          columns={[
            { header: columns.query, cell: (row) => query(row.query) },
            { header: columns.count, cell: (row) => number(row.count), numeric: true },
            { header: columns.hits, cell: (row) => number(row.hits), numeric: true },
            {
              header: columns.clickThroughRate,
              cell: (row) => rate(row.clickThroughRate),
              numeric: true,
            },
            {
              header: columns.conversionRate,
              cell: (row) => rate(row.conversionRate),
              numeric: true,
            },
          ]}
          rows={report.topSearches}
          rowKey={(row) => row.query}
          emptyText={text.noRows}
        />
        <ReportTable
          id="no-result-searches"
          title={text.noResults}
          columns={[
            { header: columns.query, cell: (row) => query(row.query) },
            { header: columns.count, cell: (row) => number(row.count), numeric: true },
          ]}
          rows={report.noResultSearches}
          rowKey={(row) => row.query}
          emptyText={text.noRows}
        />
        <ReportTable
          id="top-clicked"
          title={text.topClicked}
          columns={[
            item,
            { header: columns.clicks, cell: (row) => number(row.count), numeric: true },
            { header: columns.clickThroughRate, cell: (row) => rate(row.rate), numeric: true },
          ]}
          rows={report.topClicked}
          rowKey={(row) => row.objectID}
          emptyText={text.noRows}
        />
        <ReportTable
          id="top-converted"
          title={text.topConverted}
          columns={[
            item,
            { header: columns.conversions, cell: (row) => number(row.count), numeric: true },
            { header: columns.conversionRate, cell: (row) => rate(row.rate), numeric: true },
          ]}
          rows={report.topConverted}
          rowKey={(row) => row.objectID}
          emptyText={text.noRows}
        />
        <ReportTable
          id="filter-usage"
          title={text.filters}
          columns={[
            { header: columns.attribute, cell: (row) => <FilterName attribute={row.attribute} /> },
            { header: columns.uses, cell: (row) => number(row.count), numeric: true },
          ]}
          rows={report.filters}
          rowKey={(row) => row.attribute}
          emptyText={text.noRows}
        />
      </div>
    </>
  );
}

/** A filtered attribute by the shop's name for it (its record attribute as a tooltip), or its raw name. */
function FilterName({ attribute }: { readonly attribute: string }) {
  const messages = useMessages();
  const name = filterLabel(attribute, messages);
  if (name === undefined) return <code>{attribute}</code>;
  return <span title={messages.admin.analytics.rawAttribute(attribute)}>{name}</span>;
}

/** A clicked or converted item: its product name and colour, linked to its page. */
function ItemName({ row }: { readonly row: ItemRow }) {
  const locale = useLocale();
  const text = useMessages().admin.analytics;
  if (row.product === null) return <>{text.unknownItem(row.objectID)}</>;
  const { name, slug, color } = row.product;
  const href = `${pathFor({ name: 'product', slug }, locale)}${
    color ? `?color=${encodeURIComponent(color)}` : ''
  }`;
  return <a href={href}>{color ? `${name} — ${label(color, locale)}` : name}</a>;
}
