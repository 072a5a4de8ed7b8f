import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { PageHead } from '../layout/page-head.tsx';
import { ErrorState } from '../ui/error-state.tsx';

/** The 404 and 500 pages, in the language of the address that failed. */
export function ErrorScreen({ status }: { status: 404 | 500 }) {
  const locale = useLocale();
  const { errors, site } = useMessages();
  const title = status === 404 ? errors.notFoundTitle : errors.serverErrorTitle;
  return (
    <>
      <PageHead title={`${title} · ${site.name}`} kind="error" />
      <ErrorState
        code={errors.code(status)}
        title={title}
        text={status === 404 ? errors.notFoundText : errors.serverErrorText}
        action={{ label: errors.backHome, href: pathFor({ name: 'home' }, locale) }}
      />
    </>
  );
}
