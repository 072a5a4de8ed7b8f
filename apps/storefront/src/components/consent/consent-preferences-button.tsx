import { useMessages } from '../../i18n/i18n-context.tsx';
import { reopenConsent } from '../../lib/insights/consent-store.ts';

/** "Cookie preferences": reopens the consent banner to change the choice. */
export function ConsentPreferencesButton({ className }: { readonly className?: string }) {
  const messages = useMessages().consent;
  return (
    <button type="button" className={className} onClick={reopenConsent}>
      {messages.preferences}
    </button>
  );
}
