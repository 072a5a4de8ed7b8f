import { useMemo, useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { RuleList as RuleListData } from '../../lib/admin/console-lists.ts';
import { describeRule, findOverlaps, ruleTitle } from '../../lib/admin/describe-rule.ts';
import type { RuleDraft } from '../../lib/admin/merchandising-rule.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import styles from './console.module.css';

export interface RuleListProps {
  readonly list: RuleListData;
  readonly onEdit: (draft: RuleDraft) => void;
  readonly onToggle: (objectID: string, enabled: boolean) => void;
  readonly onDelete: (objectID: string) => void;
}

/** The rules with a search box, each in words, with its state, its overlaps and its actions. */
export function RuleList({ list, onEdit, onToggle, onDelete }: RuleListProps) {
  const locale = useLocale();
  const messages = useMessages().admin.console;
  const [search, setSearch] = useState('');
  const overlaps = useMemo(() => findOverlaps(list.rules.map((rule) => rule.draft)), [list]);
  const name = (objectID: string) => list.names[objectID]?.[locale] ?? objectID;
  const describe = (draft: RuleDraft, editable: boolean) =>
    describeRule(draft, editable, messages.rules.words, name);
  // Competing rules are named by their condition, as the list shows them.
  const conditions = new Map(
    list.rules.map(({ draft, editable }) => [
      draft.objectID ?? '',
      describe(draft, editable).condition,
    ]),
  );
  const needle = search.trim().toLowerCase();
  const shown = list.rules.filter(({ draft }) =>
    needle === '' ? true : JSON.stringify(draft).toLowerCase().includes(needle),
  );
  return (
    <section aria-labelledby="rules-title" className={styles.panel}>
      <h2 id="rules-title">{messages.rules.listTitle}</h2>
      <label className={styles.field}>
        <span>{messages.rules.searchLabel}</span>
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      {shown.length === 0 ? (
        <p className={styles.muted}>{messages.rules.empty}</p>
      ) : (
        <ul className={styles.ruleList}>
          {shown.map(({ draft, editable }) => {
            const id = draft.objectID ?? '';
            const words = describe(draft, editable);
            const title = ruleTitle(words);
            const competing = overlaps.get(id)?.map((other) => conditions.get(other) ?? other);
            return (
              <li key={id} className={styles.ruleItem} data-rule={id}>
                <p className={styles.ruleCondition}>
                  <strong>{words.condition}</strong>{' '}
                  <span className={draft.enabled ? styles.on : styles.off}>
                    {draft.enabled ? messages.rules.enabled : messages.rules.disabled}
                  </span>{' '}
                  <span className={styles.muted}>{messages.rules.ruleId(id)}</span>
                </p>
                <ul className={styles.consequences}>
                  {words.consequences.map((consequence) => (
                    <li key={consequence}>{consequence}</li>
                  ))}
                </ul>
                {draft.description && <p className={styles.muted}>{draft.description}</p>}
                {competing && (
                  <p className={styles.warning}>
                    {messages.rules.overlaps(competing.join(locale === 'fr' ? ' ; ' : '; '))}
                  </p>
                )}
                {!editable && <p className={styles.muted}>{messages.rules.notEditable}</p>}
                <div className={styles.rowActions}>
                  {editable && (
                    <button
                      type="button"
                      className={styles.secondary}
                      onClick={() => onEdit(draft)}
                      aria-label={`${messages.common.edit} ${title}`}
                    >
                      {messages.common.edit}
                    </button>
                  )}
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => onToggle(id, !draft.enabled)}
                    aria-label={`${draft.enabled ? messages.rules.disable : messages.rules.enable} ${title}`}
                  >
                    {draft.enabled ? messages.rules.disable : messages.rules.enable}
                  </button>
                  <ConfirmDialog
                    trigger={messages.common.delete}
                    triggerLabel={`${messages.common.delete} ${title}`}
                    question={messages.rules.confirmDelete(title)}
                    confirmLabel={messages.common.delete}
                    cancelLabel={messages.common.cancel}
                    onConfirm={() => onDelete(id)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
