import Image from 'next/image';
import Link from 'next/link';
import styles from './bought-together-bundle.module.css';

export interface BundleItem {
  readonly caption: string;
  readonly name: string;
  readonly price: string;
  readonly imageUrl: string | null;
  /** The partner links to its page; the product of the page does not. */
  readonly href?: string;
  readonly onOpen?: () => void;
}

export type BundleAction =
  | {
      readonly kind: 'add';
      readonly label: string;
      readonly disabled: boolean;
      readonly onAdd: () => void;
    }
  | { readonly kind: 'choose'; readonly label: string; readonly href: string };

export interface BoughtTogetherBoxProps {
  readonly id: string;
  readonly title: string;
  readonly current: BundleItem;
  readonly partner: BundleItem;
  readonly total: string;
  readonly action: BundleAction;
  /** Why the action cannot run yet (no size chosen), shown under it. */
  readonly hint?: string | undefined;
  /** What went wrong with the last attempt. */
  readonly problem?: string | undefined;
}

/** The product of the page and the one most bought with it, their total and one button for both. */
export function BoughtTogetherBox(props: BoughtTogetherBoxProps) {
  const { id, title, current, partner, total, action, hint, problem } = props;
  return (
    <section className={styles.bundle} aria-labelledby={id} data-testid="bought-together">
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.pair}>
        <BundleCell item={current} />
        <li className={styles.plus} aria-hidden="true">
          +
        </li>
        <BundleCell item={partner} />
      </ul>
      <div className={styles.footer}>
        <p className={styles.total}>{total}</p>
        {action.kind === 'add' ? (
          <button
            type="button"
            className={styles.add}
            disabled={action.disabled}
            onClick={action.onAdd}
          >
            {action.label}
          </button>
        ) : (
          <Link
            className={styles.choose}
            href={action.href}
            {...(partner.onOpen ? { onClick: partner.onOpen } : {})}
          >
            {action.label}
          </Link>
        )}
      </div>
      {hint && <p className={styles.hint}>{hint}</p>}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </section>
  );
}

function BundleCell({ item }: { item: BundleItem }) {
  return (
    <li className={styles.item}>
      <div className={styles.photo}>
        {item.imageUrl && (
          <Image src={item.imageUrl} alt="" width={160} height={198} sizes="160px" />
        )}
      </div>
      <p className={styles.caption}>{item.caption}</p>
      <p className={styles.name}>
        {item.href ? (
          <Link href={item.href} {...(item.onOpen ? { onClick: item.onOpen } : {})}>
            {item.name}
          </Link>
        ) : (
          item.name
        )}
      </p>
      <p className={styles.price}>{item.price}</p>
    </li>
  );
}

/** The box's room while its recommendation loads. */
export function BundlePlaceholder() {
  return <div className={`${styles.bundle} ${styles.skeleton}`} aria-hidden="true" />;
}
