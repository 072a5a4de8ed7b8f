import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formatDay } from '../../lib/admin/format-analytics.ts';

export interface SearchesChartProps {
  readonly locale: Locale;
  readonly label: string;
  readonly days: readonly { readonly date: string; readonly count: number }[];
}

/**
 * Searches per day as a line (recharts, loaded in the browser only, on this page only). It is drawn for
 * the eye: the same figures are in the table next to it for screen readers and keyboards.
 */
export function SearchesChart({ locale, label, days }: SearchesChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={[...days]}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="#e4e1da" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(day: string) => formatDay(day, locale)}
          tick={{ fontSize: 12, fill: '#5a6070' }}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          width={40}
          tick={{ fontSize: 12, fill: '#5a6070' }}
          tickFormatter={(value: number) => formatNumber(value, locale)}
        />
        <Tooltip
          labelFormatter={(day) => formatDay(String(day), locale)}
          formatter={(value) => [formatNumber(Number(value), locale), label]}
        />
        <Line
          type="monotone"
          dataKey="count"
          name={label}
          stroke="#1f5f5b"
          strokeWidth={2}
          dot={days.length <= 31}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
