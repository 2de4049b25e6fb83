import type { ReactNode } from 'react';
import type { SportMenuEntryProps } from '../../kernel/points';
import styles from './SportMenuItem.module.css';

/** The shared look of a sports-menu entry; sport plugins supply the icon. */
export function SportMenuItem({ sportId, name, count, active, onSelect, icon }: SportMenuEntryProps & { icon: ReactNode }) {
  return (
    <button
      type="button"
      className={styles.item}
      aria-current={active ? 'page' : undefined}
      data-sport-id={sportId}
      onClick={() => onSelect(sportId)}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.name}>{name}</span>
      {count !== undefined && <span className={styles.count}>{count}</span>}
    </button>
  );
}

/** Same footprint as an entry, shown while a sport plugin's code downloads. */
export function SportMenuItemPlaceholder() {
  return <div className={styles.placeholder} aria-hidden="true" />;
}
