import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import drawer from './drawer.module.css';
import styles from './filter-dialog.module.css';
import iconStyles from './icon-button.module.css';

export interface FilterDialogProps {
  /** "Filters (2)" */
  readonly triggerLabel: string;
  readonly title: string;
  readonly closeLabel: string;
  /** "See 24 products": closes the panel. */
  readonly doneLabel: string;
  /** Extra controls in the footer, before the done button ("Clear all filters"). */
  readonly footer?: ReactNode;
  /** The filters; rendered only while the panel is open. */
  readonly children: ReactNode;
  /** Opens on mount (when the dialog's code was loaded by a click on its trigger). */
  readonly defaultOpen?: boolean;
}

/**
 * The filter panel of small screens. Radix's dialog traps focus, locks page scroll, closes on Esc, on the
 * close button and on a click outside, and gives focus back to the button that opened it.
 */
export function FilterDialog(props: FilterDialogProps) {
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={styles.trigger}>
          <SlidersHorizontal aria-hidden="true" />
          {props.triggerLabel}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={drawer.overlay} />
        <Dialog.Content className={`${drawer.panel} ${styles.panel}`} aria-describedby={undefined}>
          <div className={drawer.top}>
            <Dialog.Title className={drawer.title}>{props.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className={iconStyles.iconButton} aria-label={props.closeLabel}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <div className={`${drawer.body} ${styles.body}`}>{props.children}</div>
          <div className={`${drawer.footer} ${styles.footer}`}>
            {props.footer}
            <Dialog.Close asChild>
              <button type="button" className={styles.done}>
                {props.doneLabel}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
