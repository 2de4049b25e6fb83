import { homeShare } from './format';
import styles from './StatBar.module.css';

/** A home-against-away bar (decorative: the numbers beside it carry the values). */
export function StatBar({ home, away }: { home: number; away: number }) {
  const share = homeShare(home, away);
  return (
    <svg className={styles.bar} viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className={styles.home} x="0" y="0" width={share} height="6" />
      <rect className={styles.away} x={share} y="0" width={100 - share} height="6" />
    </svg>
  );
}

/** A single bar of a value against the largest in its table (decorative). */
export function ValueBar({ value, max, side }: { value: number; max: number; side: 'home' | 'away' }) {
  const width = max > 0 ? (value / max) * 100 : 0;
  return (
    <svg className={styles.value} viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className={styles.track} x="0" y="0" width="100" height="6" />
      <rect className={side === 'home' ? styles.home : styles.away} x="0" y="0" width={width} height="6" />
    </svg>
  );
}
