import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import styles from './console.module.css';

export interface FormDialogProps {
  /** The button that opens it: its accessible name and its text. */
  readonly trigger: { readonly label: string; readonly text: string; readonly primary?: boolean };
  readonly title: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSubmit: () => void;
  /** Why the last save failed, shown above the buttons. */
  readonly error: string | null;
  readonly saving: boolean;
  /** The form's fields. */
  readonly children: ReactNode;
}

/**
 * A console form in a Radix dialog (focus trapped, Esc closes, focus back to its button): the fields, the
 * last error, then Cancel and Save.
 */
export function FormDialog(props: FormDialogProps) {
  const common = useMessages().admin.console.common;
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={props.trigger.primary ? styles.primary : styles.secondary}
          aria-label={props.trigger.label}
        >
          {props.trigger.text}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>{props.title}</Dialog.Title>
          <form
            className={styles.editor}
            onSubmit={(event) => {
              event.preventDefault();
              props.onSubmit();
            }}
          >
            {props.children}
            {props.error && (
              <p className={styles.error} role="alert">
                {props.error}
              </p>
            )}
            <div className={styles.dialogActions}>
              <Dialog.Close asChild>
                <button type="button" className={styles.secondary}>
                  {common.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className={styles.primary} disabled={props.saving}>
                {props.saving ? common.saving : common.save}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
