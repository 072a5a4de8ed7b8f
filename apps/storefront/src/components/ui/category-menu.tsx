import type { MouseEvent } from 'react';
import styles from './category-menu.module.css';
import { memoByValue } from './memo-by-value.ts';

export interface CategoryMenuItem {
  /** The full path value (`Men > Tops`), which identifies the item. */
  readonly value: string;
  readonly label: string;
  readonly count: string;
  readonly selected: boolean;
  /** The address of the listing with this category chosen (works without script). */
  readonly href: string;
  readonly children: readonly CategoryMenuItem[] | null;
}

export interface CategoryMenuProps {
  readonly title: string;
  readonly items: readonly CategoryMenuItem[];
  readonly onSelect: (value: string) => void;
}

/** The category tree of the results: each level opens under the chosen category, with counts. */
export const CategoryMenu = memoByValue(function CategoryMenu({
  title,
  items,
  onSelect,
}: CategoryMenuProps) {
  return (
    <nav aria-label={title} className={styles.menu}>
      <Level items={items} onSelect={onSelect} />
    </nav>
  );
});

function Level({ items, onSelect }: Omit<CategoryMenuProps, 'title'>) {
  return (
    <ul className={styles.level}>
      {items.map((item) => (
        <li key={item.value}>
          <a
            href={item.href}
            className={styles.item}
            aria-current={
              item.selected && !item.children?.some((child) => child.selected) ? 'true' : undefined
            }
            data-selected={item.selected}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onSelect(item.value);
            }}
          >
            <span className={styles.label}>{item.label}</span>
            <span className={styles.count}>{item.count}</span>
          </a>
          {item.children && item.children.length > 0 && (
            <Level items={item.children} onSelect={onSelect} />
          )}
        </li>
      ))}
    </ul>
  );
}
