import Image from 'next/image';
import type { MouseEvent, ReactNode } from 'react';
import type { CategoryItem, SuggestionItem } from '../../lib/search/autocomplete-items.ts';
import type { ProductCard } from '../../lib/search/product-card.ts';
import type { RecentSearch } from '../../lib/search/recent-searches.ts';
import styles from './autocomplete.module.css';

/**
 * How each item of the header's autocomplete panel looks. Each is a link to where the item leads, so that it
 * can be opened in a new tab; a plain click goes through the shop's router (`follow`) once the autocomplete has
 * handled the selection (click event, recent search).
 */

export type Follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => void;

/** A search suggestion, or a suggestion scoped to a category ("jacket in Jackets"). */
export function SuggestionRow(props: {
  readonly item: SuggestionItem;
  readonly href: string;
  readonly inCategory: (category: string) => string;
  /** The query with what the shopper has not typed yet in bold (the library's reverse highlight). */
  readonly highlighted: unknown;
  readonly follow: Follow;
}): ReactNode {
  const { item, href } = props;
  return (
    <a
      className={styles.row}
      href={href}
      onClick={(event) => props.follow(event, href)}
      tabIndex={-1}
    >
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
    </a>
  );
}

/** A recent search, with its remove button. */
export function RecentRow(props: {
  readonly item: RecentSearch;
  readonly href: string;
  readonly removeLabel: string;
  readonly onRemove: () => void;
  readonly follow: Follow;
}): ReactNode {
  return (
    <div className={styles.recent}>
      <a
        className={styles.row}
        href={props.href}
        onClick={(event) => props.follow(event, props.href)}
        tabIndex={-1}
      >
        <ClockIcon />
        <span className={styles.text}>{props.item.label}</span>
      </a>
      <button
        type="button"
        className={styles.remove}
        title={props.removeLabel}
        aria-label={props.removeLabel}
        tabIndex={-1}
        onClick={(event) => {
          // The row is not selected: only this recent search is forgotten.
          event.preventDefault();
          event.stopPropagation();
          props.onRemove();
        }}
      >
        ×
      </button>
    </div>
  );
}

/** A product: photo, name in the page's language, price. */
export function ProductRow(props: {
  readonly card: ProductCard;
  readonly follow: Follow;
}): ReactNode {
  const { card } = props;
  return (
    <a
      className={`${styles.row} ${styles.product}`}
      href={card.href}
      onClick={(event) => props.follow(event, card.href)}
      tabIndex={-1}
    >
      <span className={styles.photo}>
        {card.imageUrl && <Image src={card.imageUrl} alt="" width={48} height={60} />}
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{card.name}</span>
        <span className={styles.price}>{card.price}</span>
      </span>
    </a>
  );
}

/** A category page. */
export function CategoryRow(props: {
  readonly item: CategoryItem;
  readonly follow: Follow;
}): ReactNode {
  const { item } = props;
  return (
    <a
      className={styles.row}
      href={item.href}
      onClick={(event) => props.follow(event, item.href)}
      tabIndex={-1}
    >
      <FolderIcon />
      <span className={styles.text}>{item.label}</span>
    </a>
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
