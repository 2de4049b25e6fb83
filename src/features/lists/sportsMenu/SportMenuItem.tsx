import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportMenuEntryProps } from '../points';
import styles from './SportMenuItem.module.css';

/** The shared look of a sports-menu entry; sport plugins supply the icon. */
export function SportMenuItem({ sportId, name, count, active, onSelect, icon }: SportMenuEntryProps & { icon: ReactNode }) {
  const countId = useId();
  return (
    <button
      type="button"
      className={styles.item}
      aria-current={active ? 'page' : undefined}
      aria-describedby={count !== undefined ? countId : undefined}
      data-sport-menu={sportId}
      onClick={() => onSelect(sportId)}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.name}>{name}</span>
      {count !== undefined && <MatchCount id={countId} count={count} />}
    </button>
  );
}

/**
 * A menu entry's match count. The entry's name stays the sport's name (it changes every minute otherwise); the
 * count is its description, "12 matches", for screen readers.
 */
export function MatchCount({ id, count }: { id: string; count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={styles.count} aria-hidden="true">
        {count}
      </span>
      <span id={id} hidden>
        {t('list.total', { count })}
      </span>
    </>
  );
}

/** Same footprint as an entry, shown while a sport plugin's code downloads. */
export function SportMenuItemPlaceholder() {
  return <div className={styles.placeholder} aria-hidden="true" />;
}
