import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import styles from './console.module.css';

/**
 * A button that asks before doing something that cannot be undone (deleting a rule or a synonym). Radix's
 * dialog traps focus, closes on Esc and gives focus back to the button that opened it.
 */
export function ConfirmDialog(props: {
  readonly trigger: ReactNode;
  readonly triggerLabel?: string;
  readonly question: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  readonly onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={styles.danger} aria-label={props.triggerLabel}>
          {props.trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>{props.question}</Dialog.Title>
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.secondary}>
                {props.cancelLabel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                setOpen(false);
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
