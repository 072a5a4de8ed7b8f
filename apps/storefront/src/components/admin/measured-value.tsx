import { useMessages } from '../../i18n/i18n-context.tsx';
import { notMeasured } from '../../lib/admin/format-analytics.ts';

/** A formatted rate or position; "—" (read "not tracked") when nothing was measured. */
export function MeasuredValue({ text }: { readonly text: string }) {
  const messages = useMessages().admin.analytics;
  if (text !== notMeasured) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">{notMeasured}</span>
      <span className="visually-hidden">{messages.notTracked}</span>
    </>
  );
}
