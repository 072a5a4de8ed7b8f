import Link from 'next/link';
import styles from './category-nav.module.css';

export interface NavigationLink {
  readonly label: string;
  readonly href: string;
  readonly children: readonly NavigationLink[];
}

export interface CategoryNavProps {
  readonly label: string;
  readonly home: { readonly label: string; readonly href: string };
  readonly departments: readonly NavigationLink[];
}

/** The category tree as nested link lists: departments, then their sections, then categories. */
export function CategoryNav({ label, home, departments }: CategoryNavProps) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <Link href={home.href} className={styles.home}>
        {home.label}
      </Link>
      <ul className={styles.departments}>
        {departments.map((department) => (
          <li key={department.href}>
            <Link href={department.href} className={styles.department}>
              {department.label}
            </Link>
            <LinkList links={department.children} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LinkList({ links }: { links: readonly NavigationLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className={styles.list}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            className={link.children.length > 0 ? styles.section : styles.leaf}
          >
            {link.label}
          </Link>
          <LinkList links={link.children} />
        </li>
      ))}
    </ul>
  );
}
