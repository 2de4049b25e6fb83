import type { ReactNode } from 'react';
import styles from './Panel.module.css';

/** A titled card; the building block of the main and right columns. */
export function Panel({ title, actions, children, labelledBy }: { title: ReactNode; actions?: ReactNode; children: ReactNode; labelledBy: string }) {
  return (
    <section className={styles.panel} aria-labelledby={labelledBy}>
      <header className={styles.head}>
        <h2 id={labelledBy} className={styles.title}>
          {title}
        </h2>
        {actions}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

export function EmptyState({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.empty}>
      {icon && (
        <span className={styles.emptyIcon} aria-hidden="true">
          {icon}
        </span>
      )}
      <p className={styles.emptyText}>{children}</p>
    </div>
  );
}
