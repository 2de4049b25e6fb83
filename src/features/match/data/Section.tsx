import { useId, type ReactNode } from 'react';
import styles from './Section.module.css';

/**
 * The one heading style of the data tabs' sections (a team's list, the incidents, weather, history), shared with the
 * sport plugins through the SDK. It has no margin: the section around it spaces its children.
 */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className={styles.title}>
      {children}
    </h3>
  );
}

/** A titled block of a data tab, named by its heading. */
export function DataSection({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ? `${styles.block} ${className}` : styles.block} aria-labelledby={id}>
      <SectionTitle id={id}>{title}</SectionTitle>
      {children}
    </section>
  );
}

/** A block of a data tab without a visible heading (a table with its own caption), named for screen readers. */
export function DataBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={styles.block} aria-label={label}>
      {children}
    </section>
  );
}
