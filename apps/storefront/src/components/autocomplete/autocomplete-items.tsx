import Image from 'next/image';
import type { ReactNode } from 'react';
import type { CategoryItem, SuggestionItem } from '../../lib/search/autocomplete-items.ts';
import type { ProductCard } from '../../lib/search/product-card.ts';
import type { RecentSearch } from '../../lib/search/recent-searches.ts';
import styles from './autocomplete.module.css';

/**
 * How each item of the header's autocomplete panel looks. An item is a listbox option: it holds no link or
 * button of its own (nested interactive controls are announced wrongly); choosing it (Enter, click, tap) is
 * the autocomplete's, which opens the item's address (`getItemUrl`).
 */

/** A search suggestion, or a suggestion scoped to a category ("jacket in Jackets"). */
export function SuggestionRow(props: {
  readonly item: SuggestionItem;
  readonly inCategory: (category: string) => string;
  /** The query with what the shopper has not typed yet in bold (the library's reverse highlight). */
  readonly highlighted: unknown;
}): ReactNode {
  const { item } = props;
  return (
    <span className={styles.row}>
      <SearchIcon />
      <span className={styles.text}>
        {item.categoryLabel ? (
          <>
            {item.query}{' '}
            <span className={styles.scope}>{props.inCategory(item.categoryLabel)}</span>
          </>
        ) : (
          (props.highlighted as ReactNode)
        )}
      </span>
    </span>
  );
}

/**
 * A recent search, with its remove control: a pointer target only (an option holds no button), the keyboard
 * removes the active recent search with Shift+Delete (`header-autocomplete.tsx`).
 */
export function RecentRow(props: {
  readonly item: RecentSearch;
  readonly removeLabel: string;
  readonly onRemove: () => void;
}): ReactNode {
  return (
    <span className={styles.recent}>
      <span className={styles.row}>
        <ClockIcon />
        <span className={styles.text}>{props.item.label}</span>
      </span>
      <span
        className={styles.remove}
        title={props.removeLabel}
        aria-hidden="true"
        onClick={(event) => {
          // The option is not chosen: only this recent search is forgotten.
          event.preventDefault();
          event.stopPropagation();
          props.onRemove();
        }}
      >
        ×
      </span>
    </span>
  );
}

/** A product: photo, name in the page's language, price. */
export function ProductRow(props: { readonly card: ProductCard }): ReactNode {
  const { card } = props;
  return (
    <span className={`${styles.row} ${styles.product}`}>
      <span className={styles.photo}>
        {card.imageUrl && <Image src={card.imageUrl} alt="" width={48} height={60} />}
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{card.name}</span>
        <span className={styles.price}>{card.price}</span>
      </span>
    </span>
  );
}

/** A category page. */
export function CategoryRow(props: { readonly item: CategoryItem }): ReactNode {
  const { item } = props;
  return (
    <span className={styles.row}>
      <FolderIcon />
      <span className={styles.text}>{item.label}</span>
    </span>
  );
}

/** A section's title. */
export function SectionHeader({ title }: { readonly title: string }): ReactNode {
  return <span className={styles.header}>{title}</span>;
}

/** A line icon of the panel (24-unit box, stroked like the shop's icons). */
function Icon({ children }: { readonly children: ReactNode }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      {children}
    </svg>
  );
}

function SearchIcon() {
  return (
    <Icon>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

function ClockIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

function FolderIcon() {
  return (
    <Icon>
      <path d="M3 6h6l2 2h10v11H3z" />
    </Icon>
  );
}
