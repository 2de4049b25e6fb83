import type { RowColumn, RowColumnGroup, ScoreboardSpec, SportModule } from '../../src/sdk';
import { SportMenuItem } from '../../src/sdk';
import { PERIOD_LABELS } from './periods';
import { ScoreSummary } from './ScoreSummary';

function BasketballIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5v19M5.3 5.3c3 2.6 3 10.8 0 13.4M18.7 5.3c-3 2.6-3 10.8 0 13.4" />
    </svg>
  );
}

const columnsFor = (period: string): RowColumn[] => [
  { id: `${period}-ml`, labelKey: 'column.moneyLine', kinds: ['moneyLine'], period, options: ['home', 'away'] },
  { id: `${period}-spread`, labelKey: 'column.spread', kinds: ['spread'], period, options: ['home', 'away'] },
  { id: `${period}-total`, labelKey: 'column.total', kinds: ['total'], period, options: ['over', 'under'] },
];

/** Money line, spread and total for the game, each half and each quarter; the game shows by default. */
const GROUPS: readonly RowColumnGroup[] = [
  { id: 'game', labelKey: 'group.game', columns: columnsFor('ft') },
  { id: 'firstHalf', labelKey: 'group.firstHalf', columns: columnsFor('1h') },
  { id: 'secondHalf', labelKey: 'group.secondHalf', columns: columnsFor('2h') },
  ...[1, 2, 3, 4].map((q) => ({ id: `q${q}`, labelKey: `group.q${q}`, columns: columnsFor(`q${q}`) })),
];

/** Four quarters always; overtime joins when played (two-half leagues' halves come from their score rows). */
const SCOREBOARD: ScoreboardSpec = { periods: [1, 3, 5, 7], periodTyg: 1, extras: [], serve: false };

const basketball: SportModule = {
  MenuEntry: (props) => <SportMenuItem {...props} icon={<BasketballIcon />} />,
  rowColumns: () => GROUPS,
  periodLabel: (_sportId, pe, t) => (PERIOD_LABELS[pe] ? t(PERIOD_LABELS[pe]!, { ns: 'sport-basketball' }) : String(pe)),
  ScoreSummary,
  scoreboard: () => SCOREBOARD,
};

export default basketball;
