import { ArrowRight } from 'lucide-react';
import Image from 'next/image';
import Link from 'next/link';
import styles from './department-grid.module.css';

export interface DepartmentLink {
  readonly label: string;
  readonly href: string;
  readonly children: readonly DepartmentLink[];
}

export interface DepartmentCard extends DepartmentLink {
  readonly countLabel: string;
  readonly shopLabel: string;
  readonly imageUrl: string | null;
}

export interface DepartmentGridProps {
  readonly title: string;
  readonly departments: readonly DepartmentCard[];
  /** Shown when there is no department to list. */
  readonly emptyText: string;
}

/** Entry points to the shopping departments, each with its sections and categories. */
export function DepartmentGrid({ title, departments, emptyText }: DepartmentGridProps) {
  return (
    <section className="container" aria-labelledby="departments-title">
      <h2 id="departments-title" className={styles.title}>
        {title}
      </h2>
      {departments.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ul className={styles.grid}>
          {departments.map((department) => (
            <li key={department.href} className={styles.card}>
              <Department {...department} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Department({ label, href, countLabel, shopLabel, imageUrl, children }: DepartmentCard) {
  const sections = children.filter((child) => child.children.length > 0);
  const categories = children.filter((child) => child.children.length === 0);
  return (
    <article className={styles.department}>
      {/* The photo repeats the heading's link for pointer users; keyboard and screen readers get one link. */}
      <Link href={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        {imageUrl && (
          <Image
            src={imageUrl}
            alt=""
            width={258}
            height={320}
            sizes="(max-width: 719px) 100vw, 380px"
          />
        )}
      </Link>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link href={href}>{label}</Link>
        </h3>
        <p className={styles.count}>{countLabel}</p>
        {sections.map((section) => (
          <div key={section.href} className={styles.section}>
            <Link href={section.href} className={styles.sectionLink}>
              {section.label}
            </Link>
            <Chips links={section.children} />
          </div>
        ))}
        {categories.length > 0 && <Chips links={categories} />}
        <Link href={href} className={styles.shop}>
          {shopLabel}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}

function Chips({ links }: { links: readonly DepartmentLink[] }) {
  return (
    <ul className={styles.chips}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className={styles.chip}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
