import { ButtonLink } from './button-link.tsx';
import styles from './error-state.module.css';

export interface ErrorStateProps {
  /** E.g. "Error 404", shown above the title. */
  readonly code: string;
  readonly title: string;
  readonly text: string;
  readonly action: { readonly label: string; readonly href: string };
}

export function ErrorState({ code, title, text, action }: ErrorStateProps) {
  return (
    <section className={`container ${styles.error}`} aria-labelledby="error-title">
      <p className={styles.code}>{code}</p>
      <h1 id="error-title">{title}</h1>
      <p className={styles.text}>{text}</p>
      <ButtonLink href={action.href}>{action.label}</ButtonLink>
    </section>
  );
}
