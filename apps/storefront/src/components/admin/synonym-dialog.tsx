import { useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import {
  type SynonymDraft,
  type SynonymLanguage,
  type SynonymType,
  synonymLanguages,
  synonymTypes,
} from '../../lib/admin/synonym-entry.ts';
import styles from './console.module.css';
import { FormDialog } from './form-dialog.tsx';

/** The form's fields, whatever the type: each type reads the ones it needs. */
interface SynonymForm {
  type: SynonymType;
  language: SynonymLanguage;
  /** Two-way words, one-way targets, placeholder replacements or corrections: one per line. */
  lines: string;
  /** The one-way input, the placeholder or the corrected word. */
  single: string;
}

function formOf(draft: SynonymDraft | undefined): SynonymForm {
  if (!draft) return { type: 'synonym', language: 'en', lines: '', single: '' };
  const base = { type: draft.type, language: draft.language };
  switch (draft.type) {
    case 'synonym':
      return { ...base, lines: draft.synonyms.join('\n'), single: '' };
    case 'onewaysynonym':
      return { ...base, lines: draft.synonyms.join('\n'), single: draft.input };
    case 'placeholder':
      return { ...base, lines: draft.replacements.join('\n'), single: draft.placeholder };
    default:
      return { ...base, lines: draft.corrections.join('\n'), single: draft.word };
  }
}

/** The body the API reads (`synonymDraftSchema`); the server says what is wrong with it. */
function bodyOf(form: SynonymForm, objectID: string | undefined): Record<string, unknown> {
  const lines = form.lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const base = { type: form.type, language: form.language, ...(objectID ? { objectID } : {}) };
  switch (form.type) {
    case 'synonym':
      return { ...base, synonyms: lines };
    case 'onewaysynonym':
      return { ...base, input: form.single, synonyms: lines };
    case 'placeholder':
      return { ...base, placeholder: form.single, replacements: lines };
    default:
      return { ...base, word: form.single, corrections: lines };
  }
}

/**
 * Adds or edits one synonym in a Radix dialog (focus trapped, Esc closes, focus back to its button).
 * `onSave` resolves to an error message to show, or `null` once saved (the dialog then closes).
 */
export function SynonymDialog(props: {
  readonly triggerLabel: string;
  readonly triggerText: string;
  readonly primary?: boolean;
  readonly objectID?: string;
  readonly draft?: SynonymDraft;
  readonly onSave: (body: Record<string, unknown>) => Promise<string | null>;
}) {
  const messages = useMessages().admin.console;
  const text = messages.synonyms;
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SynonymForm>(() => formOf(props.draft));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const single =
    form.type === 'synonym'
      ? null
      : form.type === 'onewaysynonym'
        ? text.input
        : form.type === 'placeholder'
          ? text.placeholder
          : text.word;
  const linesLabel =
    form.type === 'synonym'
      ? text.words
      : form.type === 'onewaysynonym'
        ? text.synonymsOf
        : form.type === 'placeholder'
          ? text.replacements
          : text.corrections;
  const languageNames: Record<SynonymLanguage, string> = {
    en: messages.common.english,
    fr: messages.common.french,
    all: messages.common.bothLanguages,
  };
  return (
    <FormDialog
      trigger={{
        label: props.triggerLabel,
        text: props.triggerText,
        ...(props.primary ? { primary: true } : {}),
      }}
      title={props.objectID ? text.editTitle : text.addTitle}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setForm(formOf(props.draft));
          setError(null);
        }
      }}
      onSubmit={() => {
        setSaving(true);
        void props.onSave(bodyOf(form, props.objectID)).then((problem) => {
          setSaving(false);
          setError(problem);
          if (problem === null) setOpen(false);
        });
      }}
      error={error}
      saving={saving}
    >
      <label className={styles.field}>
        <span>{text.type}</span>
        <select
          value={form.type}
          disabled={props.objectID !== undefined}
          onChange={(event) => setForm({ ...form, type: event.target.value as SynonymType })}
        >
          {synonymTypes.map((type) => (
            <option key={type} value={type}>
              {text.types[type]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{text.language}</span>
        <select
          value={form.language}
          disabled={props.objectID !== undefined}
          onChange={(event) =>
            setForm({ ...form, language: event.target.value as SynonymLanguage })
          }
        >
          {synonymLanguages.map((language) => (
            <option key={language} value={language}>
              {languageNames[language]}
            </option>
          ))}
        </select>
      </label>
      {single && (
        <label className={styles.field}>
          <span>{single}</span>
          <input
            value={form.single}
            onChange={(event) => setForm({ ...form, single: event.target.value })}
          />
        </label>
      )}
      <label className={styles.field}>
        <span>{linesLabel}</span>
        <textarea
          rows={4}
          value={form.lines}
          onChange={(event) => setForm({ ...form, lines: event.target.value })}
        />
      </label>
    </FormDialog>
  );
}
