import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { adminPath } from '../../lib/admin/admin-paths.ts';
import { auditLabel } from '../../lib/admin/audit-label.ts';
import type { AuditLogPageProps } from '../../page-loaders/console-server-side-props.ts';
import styles from './console.module.css';
import { ConsoleHeader } from './console-header.tsx';

/** The console's audit log, newest first, filtered by what changed; plain links page through it. */
export function AuditLogScreen({ subject, entries, older }: AuditLogPageProps) {
  const locale = useLocale();
  const messages = useMessages().admin.console;
  const text = messages.audit;
  const filters = [null, 'rule', 'synonym', 'product'] as const;
  // A rule or synonym in words, its id beside them; a product by its id.
  const describe = (entry: AuditLogPageProps['entries'][number]) => {
    const label = auditLabel(entry, messages.rules.words);
    return label === undefined ? (
      <code>{entry.subjectId}</code>
    ) : (
      <>
        <strong>{label}</strong> (<code>{entry.subjectId}</code>)
      </>
    );
  };
  return (
    <div className={`container ${styles.page}`}>
      <ConsoleHeader page="audit-log" title={text.title} intro={text.intro} />
      <nav aria-label={text.filter} className={styles.inline}>
        <span>{text.filter}</span>
        {filters.map((filter) => (
          <a
            key={filter ?? 'all'}
            href={adminPath('audit-log', locale, filter ? { subject: filter } : {})}
            aria-current={filter === subject ? 'page' : undefined}
            className={styles.navLink}
          >
            {filter ? text.subjects[filter] : text.all}
          </a>
        ))}
      </nav>
      {entries.length === 0 ? (
        <p className={styles.muted}>{text.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{text.columns.when}</th>
              <th scope="col">{text.columns.who}</th>
              <th scope="col">{text.columns.what}</th>
              <th scope="col">{text.columns.change}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-audit={entry.subjectId}>
                <td data-label={text.columns.when}>
                  <time dateTime={entry.changedAt}>
                    {entry.changedAt.slice(0, 19).replace('T', ' ')}
                  </time>
                </td>
                <td data-label={text.columns.who}>{entry.actor}</td>
                <td data-label={text.columns.what}>
                  {text.subject[entry.subject]} {describe(entry)} {text.actions[entry.action]}
                </td>
                <td data-label={text.columns.change}>
                  <details>
                    <summary>
                      {text.before} / {text.after}
                    </summary>
                    <div className={styles.diff}>
                      <div>
                        <h3>{text.before}</h3>
                        <pre>
                          {entry.before === null
                            ? text.none
                            : JSON.stringify(entry.before, null, 2)}
                        </pre>
                      </div>
                      <div>
                        <h3>{text.after}</h3>
                        <pre>
                          {entry.after === null ? text.none : JSON.stringify(entry.after, null, 2)}
                        </pre>
                      </div>
                    </div>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {older !== null && (
        <a
          className={styles.secondary}
          href={adminPath('audit-log', locale, {
            ...(subject ? { subject } : {}),
            before: String(older),
          })}
        >
          {text.older}
        </a>
      )}
    </div>
  );
}
