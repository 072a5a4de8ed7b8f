import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import drawer from './drawer.module.css';
import iconStyles from './icon-button.module.css';
import styles from './menu-drawer.module.css';

export interface MenuDrawerProps {
  readonly openLabel: string;
  readonly closeLabel: string;
  readonly title: string;
  readonly children: ReactNode;
  /** Opens on mount (when the menu's code was loaded by a click on its button). */
  readonly defaultOpen?: boolean;
}

/**
 * The menu button and the panel it opens. Radix's dialog traps focus, locks page scroll, closes on Esc,
 * on the close button and on a click outside, and gives focus back to the menu button. Following a link
 * inside closes it too, since client-side navigation keeps the layout mounted.
 */
export function MenuDrawer({
  openLabel,
  closeLabel,
  title,
  children,
  defaultOpen = false,
}: MenuDrawerProps) {
  const [open, setOpen] = useState(defaultOpen);
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={iconStyles.iconButton} aria-label={openLabel}>
          <Menu aria-hidden="true" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={drawer.overlay} />
        <Dialog.Content
          className={`${drawer.panel} ${drawer.fromLeft} ${styles.panel}`}
          aria-describedby={undefined}
        >
          <div className={drawer.top}>
            <Dialog.Title className={drawer.title}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className={iconStyles.iconButton} aria-label={closeLabel}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          {/* Clicks bubble here from the links inside; the links themselves stay keyboard-operable. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only observes clicks on the links it contains */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires the same click event */}
          <div className={drawer.body} onClick={closeOnLink}>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
