import styles from './console.module.css';

/** The outcome of the merchant's last action: "Saved." (a status) or why it failed (an alert). */
export interface ConsoleStatus {
  readonly tone: 'ok' | 'error';
  readonly text: string;
}

export function ConsoleStatusLine({ status }: { readonly status: ConsoleStatus | null }) {
  if (!status?.text) return null;
  return (
    <p
      className={status.tone === 'ok' ? styles.success : styles.error}
      role={status.tone === 'ok' ? 'status' : 'alert'}
    >
      {status.text}
    </p>
  );
}
