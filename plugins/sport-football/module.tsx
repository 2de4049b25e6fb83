import type { RowColumnGroup, ScoreboardSpec, SportModule } from '../../src/sdk';
import { SportMenuItem } from '../../src/sdk';
import { ScoreSummary } from './ScoreSummary';

function FootballIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 7.2l4.1 3-1.6 4.8h-5l-1.6-4.8z" fill="currentColor" stroke="none" />
      <path d="M12 2.5v4.7M16.1 10.2l4.6-1.6M14.5 15l2.8 4M9.5 15l-2.8 4M7.9 10.2L3.3 8.6" />
    </svg>
  );
}

/** Asian-style football rows: 1X2, handicap and over/under for full time beside the same for the first half. */
const GROUPS: readonly RowColumnGroup[] = [
  {
    id: 'main',
    labelKey: 'group.main',
    columns: [
      { id: 'ft-1x2', labelKey: 'column.ft1x2', kinds: ['win1x2'], period: 'ft', options: ['home', 'away', 'draw'] },
      { id: 'ft-ah', labelKey: 'column.ftHandicap', kinds: ['handicap'], period: 'ft', options: ['home', 'away'] },
      { id: 'ft-ou', labelKey: 'column.ftOverUnder', kinds: ['overUnder'], period: 'ft', options: ['over', 'under'] },
      { id: '1h-1x2', labelKey: 'column.h11x2', kinds: ['win1x2'], period: '1h', options: ['home', 'away', 'draw'] },
      { id: '1h-ah', labelKey: 'column.h1Handicap', kinds: ['handicap'], period: '1h', options: ['home', 'away'] },
      { id: '1h-ou', labelKey: 'column.h1OverUnder', kinds: ['overUnder'], period: '1h', options: ['over', 'under'] },
    ],
  },
  {
    id: 'corners',
    labelKey: 'group.corners',
    columns: [
      { id: 'corners-ah', labelKey: 'column.cornersHandicap', kinds: ['cornersHandicap'], period: 'ft', options: ['home', 'away'] },
      { id: 'corners-ou', labelKey: 'column.cornersOverUnder', kinds: ['cornersOverUnder'], period: 'ft', options: ['over', 'under'] },
      { id: 'ft-oe', labelKey: 'column.oddEven', kinds: ['oddEven'], period: 'ft', options: ['odd', 'even'] },
    ],
  },
];

/** Score rows' `pe`: the feed's football periods 1 first half, 3 second half, 6 and 8 extra time, 11 the shootout. */
const PERIOD_LABELS: Record<number, string> = { 1: 'pe.firstHalf', 3: 'pe.secondHalf', 6: 'pe.extraTime1', 8: 'pe.extraTime2', 11: 'pe.penalties' };

/** Halves always; extra time and the shootout join when played. Corners and cards beside the goals. */
const SCOREBOARD: ScoreboardSpec = {
  periods: [1, 3],
  periodTyg: 1,
  extras: [
    { tyg: 2, labelKey: 'board.corners' },
    { tyg: 3, labelKey: 'board.yellow' },
    { tyg: 4, labelKey: 'board.red' },
  ],
  serve: false,
};

const football: SportModule = {
  MenuEntry: (props) => <SportMenuItem {...props} icon={<FootballIcon />} />,
  rowColumns: () => GROUPS,
  periodLabel: (_sportId, pe, t) => (PERIOD_LABELS[pe] ? t(PERIOD_LABELS[pe]!, { ns: 'sport-football' }) : String(pe)),
  ScoreSummary,
  scoreboard: () => SCOREBOARD,
};

export default football;
