import styles from './loading-bar.module.css';

export interface LoadingBarProps {
  readonly active: boolean;
  /** Announced while active ("Loading results…"). */
  readonly label: string;
}

/** A thin moving bar at the top of the results while a search is slow to answer. */
export function LoadingBar({ active, label }: LoadingBarProps) {
  return (
    <div className={styles.holder}>
      <div className={`${styles.bar} ${active ? styles.active : ''}`} aria-hidden="true" />
      <span className="visually-hidden" role="status">
        {active ? label : ''}
      </span>
    </div>
  );
}
