import styles from './skip-link.module.css';

export function SkipLink({ target, label }: { target: string; label: string }) {
  return (
    <a href={`#${target}`} className={styles.skipLink}>
      {label}
    </a>
  );
}
