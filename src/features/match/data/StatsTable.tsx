import type { ReactNode } from 'react';
import type { StatRow } from '../../../../contract/matchData';
import { StatBar } from './StatBar';
import type { TeamNames } from './types';
import { useDataTranslation } from './i18n';
import styles from './DataPanel.module.css';

/**
 * The Data tab's statistics table, shared by the sport plugins' sections at `matchDetail.dataPanel` (through the
 * SDK), so every sport's statistics look alike.
 */
export interface StatsRow {
  key: string;
  label: string;
  home: string;
  away: string;
  homeValue: number;
  awayValue: number;
}

/** A statistic as the platform labels it (its name in the member's language). */
export const plainRow = (s: StatRow): StatsRow => ({ key: s.key, label: s.name, home: String(s.home), away: String(s.away), homeValue: s.home, awayValue: s.away });

export function StatsTable({ rows, names, caption }: { rows: StatsRow[]; names: TeamNames; caption: string }) {
  const { t } = useDataTranslation();
  return (
    <table className={styles.stats}>
      <TableCaption>{caption}</TableCaption>
      <thead>
        <tr>
          <th scope="col" className={styles.homeCol}>
            {names.home}
          </th>
          <th scope="col">{t('stats.statistic')}</th>
          <th scope="col" className={styles.awayCol}>
            {names.away}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className={styles.homeCol}>{row.home}</td>
            <th scope="row" className={styles.statName}>
              {row.label}
              <StatBar home={row.homeValue} away={row.awayValue} />
            </th>
            <td className={styles.awayCol}>{row.away}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TableCaption({ children }: { children: ReactNode }) {
  return <caption className={styles.caption}>{children}</caption>;
}

/** A muted line in a block, e.g. "statistics appear once the match starts". */
export function DataNote({ children }: { children: ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}
