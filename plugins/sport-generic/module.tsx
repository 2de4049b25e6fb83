import type { SportModule } from '../../src/sdk';
import { SportMenuItem } from '../../src/sdk';
import { GenericSportIcon } from './icons';
import { ScoreSummary } from './ScoreSummary';
import { groupsOf, scoreboardOf, SPORT_TABLES } from './sports';

const generic: SportModule = {
  MenuEntry: (props) => <SportMenuItem {...props} icon={<GenericSportIcon sportId={props.sportId} />} />,
  rowColumns: groupsOf,
  periodLabel: (sportId, pe, t) => {
    const table = SPORT_TABLES[sportId];
    return table ? t(`pe.${table.unit}`, { ns: 'sport-generic', n: table.ordinal(pe) }) : String(pe);
  },
  ScoreSummary,
  scoreboard: scoreboardOf,
};

export default generic;
