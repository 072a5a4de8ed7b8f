import { useMessages } from '../../i18n/i18n-context.tsx';
import { otherLocale } from '../../i18n/locale.ts';
import { adminPath } from '../../lib/admin/admin-paths.ts';
import type { LoginPageProps } from '../../page-loaders/admin-server-side-props.ts';
import { AdminHead } from './admin-head.tsx';
import styles from './login-screen.module.css';

/** The merchant's sign-in: a plain form posted to `/api/admin/login` (works without JavaScript). */
export function LoginScreen({ locale, error, signedOut }: LoginPageProps) {
  const messages = useMessages().admin;
  const other = otherLocale(locale);
  return (
    <div className={`container ${styles.page}`}>
      <AdminHead title={messages.login.title} />
      <section className={styles.card} aria-labelledby="login-title">
        <p className={styles.language}>
          <a href={adminPath('login', other)} hrefLang={other} lang={other}>
            {messages.languageSwitch}
          </a>
        </p>
        <h1 id="login-title">{messages.login.title}</h1>
        <p>{messages.login.intro}</p>
        {signedOut && !error && (
          <p className={styles.notice} role="status">
            {messages.login.signedOut}
          </p>
        )}
        <form method="post" action="/api/admin/login" className={styles.form}>
          <input type="hidden" name="lang" value={locale} />
          <label htmlFor="merchant-password">{messages.login.password}</label>
          <input
            id="merchant-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            // biome-ignore lint/a11y/noAutofocus: the page exists for this one field
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : 'login-hint'}
          />
          {error && (
            <p id="login-error" className={styles.error} role="alert">
              {messages.login.errors[error]}
            </p>
          )}
          <button type="submit" className={styles.submit}>
            {messages.login.submit}
          </button>
        </form>
        <p id="login-hint" className={styles.hint}>
          {messages.login.hint}
        </p>
      </section>
    </div>
  );
}
