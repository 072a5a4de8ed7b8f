import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './button-link.module.css';

export interface ButtonLinkProps {
  readonly href: string;
  readonly variant?: 'primary' | 'secondary';
  readonly children: ReactNode;
}

/** A link that looks like a button: for navigation only (actions use `<button>`). */
export function ButtonLink({ href, variant = 'primary', children }: ButtonLinkProps) {
  return (
    <Link href={href} className={`${styles.button} ${styles[variant]}`}>
      {children}
    </Link>
  );
}
