import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import styles from './facet-group.module.css';
import { memoByValue } from './memo-by-value.ts';

export interface FacetGroupProps {
  readonly title: string;
  /** A short summary shown next to the title ("2"), e.g. the number of chosen values. */
  readonly badge?: string;
  readonly children: ReactNode;
  /** Starts folded (a `<details>`, so it works without script). */
  readonly collapsed?: boolean;
}

/** A titled, foldable group of filters. */
export function FacetGroup({ title, badge, children, collapsed = false }: FacetGroupProps) {
  return (
    <details className={styles.group} open={!collapsed}>
      <FacetSummary title={title} badge={badge} />
      <div className={styles.content}>{children}</div>
    </details>
  );
}

/** The group's title row, rendered again only when its title or badge changes (memo-by-value.ts). */
const FacetSummary = memoByValue(function FacetSummary({
  title,
  badge,
}: {
  readonly title: string;
  readonly badge: string | undefined;
}) {
  const id = useId();
  return (
    <summary className={styles.summary} aria-describedby={badge ? `${id}-badge` : undefined}>
      <h3 className={styles.title}>{title}</h3>
      {badge && (
        <span id={`${id}-badge`} className={styles.badge}>
          {badge}
        </span>
      )}
      <ChevronDown className={styles.chevron} aria-hidden="true" />
    </summary>
  );
});
