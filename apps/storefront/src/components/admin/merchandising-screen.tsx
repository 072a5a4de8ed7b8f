import { useCallback, useEffect, useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { consoleApi } from '../../lib/admin/console-api.ts';
import type { RuleList as RuleListData } from '../../lib/admin/console-lists.ts';
import { describeRule, ruleTitle } from '../../lib/admin/describe-rule.ts';
import { type RuleDraft, ruleDraftSchema } from '../../lib/admin/merchandising-rule.ts';
import { unpin } from '../../lib/admin/pin-moves.ts';
import type { MerchandisingPageProps } from '../../page-loaders/console-server-side-props.ts';
import { SearchNotice } from '../ui/search-notice.tsx';
import styles from './console.module.css';
import { ConsoleHeader } from './console-header.tsx';
import { type ConsoleStatus, ConsoleStatusLine } from './console-status.tsx';
import { ResultsPreview } from './results-preview.tsx';
import { RuleEditor } from './rule-editor.tsx';
import { RuleList } from './rule-list.tsx';

/** A blank rule: the preview waits until its search is typed. */
function newDraft(): RuleDraft {
  const defaults = ruleDraftSchema.parse({ trigger: { kind: 'query', query: '-' } });
  return { ...defaults, trigger: { kind: 'query', query: '', anchoring: 'is' } };
}

/** Merchandising: the rule list, and the editor beside the live preview of the draft. */
export function MerchandisingScreen({ list: initialList }: MerchandisingPageProps) {
  const messages = useMessages().admin.console;
  const locale = useLocale();
  const [list, setList] = useState<RuleListData | null>(initialList);
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [status, setStatus] = useState<ConsoleStatus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const [seenNames, addNames] = useSeenNames();

  const reload = async () => setList(await consoleApi<RuleListData>('/api/admin/rules'));
  const run = async (action: () => Promise<void>, done: string) => {
    setSaving(true);
    setStatus(null);
    try {
      await action();
      setStatus({ tone: 'ok', text: done });
    } catch (error) {
      setStatus({ tone: 'error', text: messages.common.failed((error as Error).message) });
    } finally {
      setSaving(false);
    }
  };
  // Leaving the page forgets the session's preview rule (it only ever applies to this session's previews).
  useEffect(
    () => () => {
      void fetch('/api/admin/preview', { method: 'DELETE', keepalive: true });
    },
    [],
  );

  if (!list) {
    return (
      <div className={`container ${styles.page}`}>
        <ConsoleHeader
          page="merchandising"
          title={messages.rules.title}
          intro={messages.rules.intro}
        />
        <SearchNotice
          tone="error"
          title={messages.rules.title}
          text={messages.errors.unavailable}
        />
      </div>
    );
  }
  const save = (current: RuleDraft) =>
    run(async () => {
      const { rule } = await consoleApi<{ rule: { objectID: string } }>('/api/admin/rules', {
        method: 'POST',
        body: current,
      });
      setDraft({ ...current, objectID: rule.objectID });
      await reload();
    }, messages.editor.savedRule);
  const names = (objectID: string) =>
    list.names[objectID]?.[locale] ?? seenNames[objectID] ?? objectID;

  return (
    <div className={`container ${styles.page}`}>
      <ConsoleHeader page="merchandising" title={messages.rules.title} intro={messages.rules.intro}>
        <button type="button" className={styles.primary} onClick={() => setDraft(newDraft())}>
          {messages.rules.newRule}
        </button>
      </ConsoleHeader>
      <p className={styles.srOnly} aria-live="polite">
        {announcement}
      </p>
      {/* Beside the Save button while the editor is open: on a phone the top of the page is far away. */}
      {!draft && <ConsoleStatusLine status={status} />}
      {draft && (
        <section aria-labelledby="editor-title" className={styles.workspace}>
          <div className={styles.panel}>
            <EditorHeading draft={draft} names={names} />
            <RuleEditor draft={draft} onChange={setDraft} />
            <PinnedAndHidden draft={draft} names={names} onChange={setDraft} />
            <div className={styles.rowActions}>
              <button
                type="button"
                className={styles.primary}
                disabled={saving}
                onClick={() => void save(draft)}
              >
                {saving ? messages.common.saving : messages.editor.saveRule}
              </button>
              <button type="button" className={styles.secondary} onClick={() => setDraft(null)}>
                {messages.common.close}
              </button>
            </div>
            <ConsoleStatusLine status={status} />
          </div>
          <ResultsPreview
            draft={draft}
            onChange={setDraft}
            onAnnounce={setAnnouncement}
            onNames={addNames}
          />
        </section>
      )}
      <RuleList
        list={list}
        onEdit={(chosen) => {
          setStatus(null);
          setDraft(chosen);
        }}
        onToggle={(objectID, enabled) =>
          void run(async () => {
            await consoleApi(`/api/admin/rules/${encodeURIComponent(objectID)}`, {
              method: 'PATCH',
              body: { enabled },
            });
            await reload();
          }, messages.common.saved)
        }
        onDelete={(objectID) =>
          void run(async () => {
            await consoleApi(`/api/admin/rules/${encodeURIComponent(objectID)}`, {
              method: 'DELETE',
            });
            if (draft?.objectID === objectID) setDraft(null);
            await reload();
          }, messages.common.deleted)
        }
      />
    </div>
  );
}

/** The rule being edited, in words (`Edit the rule: When the search is “jacket” — pins …`), its id below. */
function EditorHeading(props: {
  readonly draft: RuleDraft;
  readonly names: (objectID: string) => string;
}) {
  const messages = useMessages().admin.console;
  const { draft, names } = props;
  return (
    <>
      <h2 id="editor-title">
        {messages.editor.title(
          draft.objectID ? ruleTitle(describeRule(draft, true, messages.rules.words, names)) : null,
        )}
      </h2>
      {draft.objectID && <p className={styles.muted}>{messages.editor.ruleId(draft.objectID)}</p>}
    </>
  );
}

/** The draft's pins and hidden products by name, each with a button to undo it. */
function PinnedAndHidden(props: {
  readonly draft: RuleDraft;
  readonly names: (objectID: string) => string;
  readonly onChange: (draft: RuleDraft) => void;
}) {
  const text = useMessages().admin.console.editor;
  const { draft, names } = props;
  // A hidden product is hidden in every colour: one entry per name, undone for all its records.
  const hiddenNames = [...new Set(draft.hidden.map(names))];
  return (
    <>
      {draft.pins.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>{text.pinned}</legend>
          <ul className={styles.chips}>
            {draft.pins.map((pin) => (
              <li key={pin.objectID}>
                {pin.position + 1}. {names(pin.objectID)}{' '}
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() =>
                    props.onChange({ ...draft, pins: unpin(draft.pins, pin.objectID) })
                  }
                >
                  {text.unpin(names(pin.objectID))}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {hiddenNames.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>{text.hidden}</legend>
          <ul className={styles.chips}>
            {hiddenNames.map((name) => (
              <li key={name}>
                {name}{' '}
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() =>
                    props.onChange({
                      ...draft,
                      hidden: draft.hidden.filter((id) => names(id) !== name),
                    })
                  }
                >
                  {text.unhide(name)}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}

/** Names of the products the preview showed: a new rule's pins and hides are named, not shown as ids. */
function useSeenNames() {
  const [seen, setSeen] = useState<Readonly<Record<string, string>>>({});
  const add = useCallback(
    (found: Readonly<Record<string, string>>) => setSeen((known) => ({ ...known, ...found })),
    [],
  );
  return [seen, add] as const;
}
