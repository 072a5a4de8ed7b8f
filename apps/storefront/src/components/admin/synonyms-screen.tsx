import { type ChangeEvent, useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { consoleApi } from '../../lib/admin/console-api.ts';
import type { SynonymListItem } from '../../lib/admin/console-lists.ts';
import { type SynonymLanguage, synonymSummary } from '../../lib/admin/synonym-entry.ts';
import type { SynonymsPageProps } from '../../page-loaders/console-server-side-props.ts';
import { SearchNotice } from '../ui/search-notice.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import styles from './console.module.css';
import { ConsoleHeader } from './console-header.tsx';
import { type ConsoleStatus, ConsoleStatusLine } from './console-status.tsx';
import { SynonymDialog } from './synonym-dialog.tsx';

/** Synonyms: search, filter by language, add/edit/delete each type, import and export Algolia's JSON. */
export function SynonymsScreen({ synonyms: initial }: SynonymsPageProps) {
  const messages = useMessages().admin.console;
  const text = messages.synonyms;
  const [synonyms, setSynonyms] = useState<SynonymListItem[] | null>(initial);
  const [query, setQuery] = useState('');
  const [language, setLanguage] = useState<SynonymLanguage | ''>('');
  const [replace, setReplace] = useState(false);
  const [status, setStatus] = useState<ConsoleStatus | null>(null);

  const reload = async (q = query, lang = language) => {
    const params = new URLSearchParams({ q, ...(lang ? { lang } : {}) });
    const answer = await consoleApi<{ synonyms: SynonymListItem[] }>(
      `/api/admin/synonyms?${params}`,
    );
    setSynonyms(answer.synonyms);
  };
  const attempt = async (action: () => Promise<void>, done: string): Promise<string | null> => {
    try {
      await action();
      setStatus({ tone: 'ok', text: done });
      return null;
    } catch (error) {
      const problem = messages.common.failed((error as Error).message);
      setStatus({ tone: 'error', text: problem });
      return problem;
    }
  };
  const save = (body: Record<string, unknown>) =>
    attempt(async () => {
      await consoleApi('/api/admin/synonyms', { method: 'POST', body });
      await reload();
    }, messages.common.saved);
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    await attempt(async () => {
      const parsed = await readJsonFile(file);
      const outcome = await consoleApi<{ imported: number; removed: number }>(
        '/api/admin/synonyms/import',
        { method: 'POST', body: { synonyms: parsed, replace } },
      );
      await reload();
      setStatus({ tone: 'ok', text: text.imported(outcome.imported, outcome.removed) });
    }, '');
  };
  const languageNames = useLanguageNames();

  return (
    <div className={`container ${styles.page}`}>
      <ConsoleHeader page="synonyms" title={text.title} intro={text.intro}>
        <SynonymDialog triggerLabel={text.add} triggerText={text.add} primary onSave={save} />
      </ConsoleHeader>
      <ConsoleStatusLine status={status} />
      {synonyms === null ? (
        <SearchNotice tone="error" title={text.title} text={messages.errors.unavailable} />
      ) : (
        <section className={styles.panel} aria-label={text.title}>
          <form
            className={styles.inline}
            onSubmit={(event) => {
              event.preventDefault();
              void attempt(() => reload(), '');
            }}
          >
            <label className={styles.field}>
              <span>{text.searchLabel}</span>
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </label>
            <label className={styles.field}>
              <span>{text.languageFilter}</span>
              <select
                value={language}
                onChange={(event) => {
                  const next = event.target.value as SynonymLanguage | '';
                  setLanguage(next);
                  void attempt(() => reload(query, next), '');
                }}
              >
                <option value="">{text.all}</option>
                {(['en', 'fr', 'all'] as const).map((value) => (
                  <option key={value} value={value}>
                    {languageNames[value]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={styles.secondary}>
              {messages.common.search}
            </button>
          </form>
          <SynonymFiles replace={replace} onReplace={setReplace} onImport={importFile} />
          {synonyms.length === 0 ? (
            <p className={styles.muted}>{text.empty}</p>
          ) : (
            <SynonymTable
              synonyms={synonyms}
              languageNames={languageNames}
              onSave={save}
              onDelete={(objectID) =>
                void attempt(async () => {
                  await consoleApi(`/api/admin/synonyms/${encodeURIComponent(objectID)}`, {
                    method: 'DELETE',
                  });
                  await reload();
                }, messages.common.deleted)
              }
            />
          )}
        </section>
      )}
    </div>
  );
}

/** The synonyms as a table: their words, type and language, and their edit and delete buttons. */
function SynonymTable({
  synonyms,
  languageNames,
  onSave,
  onDelete,
}: {
  readonly synonyms: readonly SynonymListItem[];
  readonly languageNames: Record<SynonymLanguage, string>;
  readonly onSave: (body: Record<string, unknown>) => Promise<string | null>;
  readonly onDelete: (objectID: string) => void;
}) {
  const messages = useMessages().admin.console;
  const text = messages.synonyms;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{text.columns.words}</th>
          <th scope="col">{text.columns.type}</th>
          <th scope="col">{text.columns.language}</th>
          <th scope="col">{text.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {synonyms.map(({ synonym, language: filed, draft }) => (
          <tr key={synonym.objectID} data-synonym={synonym.objectID}>
            <td data-label={text.columns.words}>
              {draft ? synonymSummary(draft) : <code>{JSON.stringify(synonym)}</code>}
            </td>
            <td data-label={text.columns.type}>{text.types[synonym.type]}</td>
            <td data-label={text.columns.language}>{languageNames[filed]}</td>
            <td data-label={text.columns.actions}>
              <div className={styles.rowActions}>
                {draft && (
                  <SynonymDialog
                    triggerLabel={`${messages.common.edit} ${synonym.objectID}`}
                    triggerText={messages.common.edit}
                    objectID={synonym.objectID}
                    draft={draft}
                    onSave={onSave}
                  />
                )}
                <ConfirmDialog
                  trigger={messages.common.delete}
                  triggerLabel={`${messages.common.delete} ${synonym.objectID}`}
                  question={messages.common.confirmDelete(
                    draft ? synonymSummary(draft) : synonym.objectID,
                  )}
                  confirmLabel={messages.common.delete}
                  cancelLabel={messages.common.cancel}
                  onConfirm={() => onDelete(synonym.objectID)}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Export as Algolia's JSON, and import such a file (adding to the synonyms or replacing them). */
function SynonymFiles(props: {
  readonly replace: boolean;
  readonly onReplace: (replace: boolean) => void;
  readonly onImport: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const text = useMessages().admin.console.synonyms;
  return (
    <div className={styles.inline}>
      <a className={styles.secondary} href="/api/admin/synonyms/export" download>
        {text.export}
      </a>
      <label className={styles.field}>
        <span>{text.import}</span>
        <input type="file" accept="application/json,.json" onChange={props.onImport} />
      </label>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={props.replace}
          onChange={(event) => props.onReplace(event.target.checked)}
        />
        {text.importReplace}
      </label>
    </div>
  );
}

async function readJsonFile(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not JSON`);
  }
}

function useLanguageNames(): Record<SynonymLanguage, string> {
  const common = useMessages().admin.console.common;
  return { en: common.english, fr: common.french, all: common.bothLanguages };
}
