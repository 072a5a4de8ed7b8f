import type { ReactNode } from 'react';
import styles from './action-button.module.css';

export interface ActionButtonProps {
  readonly onClick: () => void;
  readonly variant?: 'primary' | 'secondary';
  readonly children: ReactNode;
  readonly type?: 'button' | 'submit';
}

/** A button for an action on the page (navigation uses `ButtonLink`). */
export function ActionButton({
  onClick,
  variant = 'primary',
  children,
  type = 'button',
}: ActionButtonProps) {
  return (
    <button type={type} className={`${styles.button} ${styles[variant]}`} onClick={onClick}>
      {children}
    </button>
  );
}
