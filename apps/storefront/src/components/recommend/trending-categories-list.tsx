import Image from 'next/image';
import Link from 'next/link';
import type { TrendingCategory } from '../../lib/recommend/trending-category.ts';
import styles from './trending-categories-list.module.css';

export interface TrendingCategoriesListProps {
  readonly id: string;
  readonly title: string;
  readonly state: 'loading' | 'ready';
  readonly categories: readonly TrendingCategory[];
  readonly placeholders?: number;
}

/** Links to the categories that trend, each with its department and a photo. Plain props. */
export function TrendingCategoriesList(props: TrendingCategoriesListProps) {
  const { id, title, state, categories, placeholders = 6 } = props;
  if (state === 'loading') return <TrendingCategoriesPlaceholder placeholders={placeholders} />;
  return (
    <section className={styles.section} aria-labelledby={id} data-testid="trending-categories">
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {categories.map((category) => (
          <li key={category.value}>
            <Link className={styles.link} href={category.href}>
              <span className={styles.photo}>
                {category.imageUrl && (
                  <Image src={category.imageUrl} alt="" width={64} height={79} sizes="64px" />
                )}
              </span>
              <span className={styles.text}>
                <span className={styles.label}>{category.label}</span>
                {category.department && (
                  <span className={styles.department}>{category.department}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Grey tiles of the real links' size, under a grey bar where the heading will be. */
export function TrendingCategoriesPlaceholder({ placeholders = 6 }: { placeholders?: number }) {
  return (
    <section className={styles.section} aria-hidden="true">
      <div className={styles.skeletonTitle} />
      <ul className={styles.list}>
        {Array.from({ length: placeholders }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
          <li key={index} className={styles.placeholder} />
        ))}
      </ul>
    </section>
  );
}
