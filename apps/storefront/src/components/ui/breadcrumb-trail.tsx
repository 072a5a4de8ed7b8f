import { ChevronRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import styles from './breadcrumb-trail.module.css';

export interface BreadcrumbStep {
  /** Unique among the steps (e.g. the category path). */
  readonly id: string;
  readonly label: string;
  /** Where the step leads; the last step (the current category) has none. */
  readonly href?: string;
  readonly onSelect?: () => void;
}

export interface BreadcrumbTrailProps {
  readonly label: string;
  readonly steps: readonly BreadcrumbStep[];
}

/** Where the listing sits in the category tree: `All categories › Men › Tops › Jackets`. */
export function BreadcrumbTrail({ label, steps }: BreadcrumbTrailProps) {
  return (
    <nav aria-label={label} className={styles.trail}>
      <ol className={styles.list}>
        {steps.map((step, index) => {
          const last = index === steps.length - 1;
          return (
            <li key={step.id} className={styles.step}>
              {step.href && !last ? (
                <a
                  href={step.href}
                  onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                    if (!step.onSelect || event.metaKey || event.ctrlKey || event.button !== 0)
                      return;
                    event.preventDefault();
                    step.onSelect();
                  }}
                >
                  {step.label}
                </a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{step.label}</span>
              )}
              {!last && <ChevronRight aria-hidden="true" className={styles.separator} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
