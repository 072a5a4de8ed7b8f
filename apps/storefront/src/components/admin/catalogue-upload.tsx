import { type ChangeEvent, useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import styles from './console.module.css';
import { type ConsoleStatus, ConsoleStatusLine } from './console-status.tsx';

interface ImportAnswer {
  readonly message?: string;
  readonly products?: number;
  readonly errors?: readonly { position: number; path: string; reason: string }[];
}

/** A catalogue file sent to the shop's import: the outcome, and each bad record with its reason. */
export function CatalogueUpload() {
  const text = useMessages().admin.console.catalogue;
  const [status, setStatus] = useState<ConsoleStatus | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [replace, setReplace] = useState(false);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus({ tone: 'ok', text: text.uploading });
    setErrors([]);
    const ndjson = /\.(ndjson|jsonl)$/i.test(file.name);
    const response = await fetch(`/api/admin/catalogue/import${replace ? '?replace=1' : ''}`, {
      method: 'POST',
      headers: { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
      body: file,
    });
    const answer = (await response.json().catch(() => ({}))) as ImportAnswer;
    if (response.ok) {
      setStatus({ tone: 'ok', text: text.uploaded(answer.products ?? 0) });
      return;
    }
    setStatus({ tone: 'error', text: `${text.refused} ${answer.message ?? response.status}` });
    setErrors(
      // Counted from 1, as `npm run import` reports them.
      (answer.errors ?? []).map((error) =>
        text.record(error.position + 1, error.path, error.reason),
      ),
    );
  };
  return (
    <>
      <div className={styles.inline}>
        <label className={styles.field}>
          <span>{text.upload}</span>
          <input type="file" accept=".json,.ndjson,.jsonl,application/json" onChange={upload} />
        </label>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={replace}
            onChange={(event) => setReplace(event.target.checked)}
          />
          {text.uploadReplace}
        </label>
      </div>
      <ConsoleStatusLine status={status} />
      {errors.length > 0 && (
        <ul className={styles.error} aria-label={text.refused}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </>
  );
}
