import { useTranslation } from 'react-i18next';
import type { DataPanelModule, LineupSectionProps } from '../../../src/sdk';
import { Incidents } from './Incidents';
import { formationLines, Pitch } from './Pitch';

function LineupPitch({ lineup, names }: LineupSectionProps) {
  const { t } = useTranslation('sport-football');
  const format = (f: number[]) => (f.length > 0 ? f.join('-') : '');
  return (
    <Pitch
      home={formationLines(lineup.homeLine, lineup.homeFormation)}
      away={formationLines(lineup.awayLine, lineup.awayFormation)}
      label={t('lineup.pitch', { home: names.home, homeFormation: format(lineup.homeFormation), away: names.away, awayFormation: format(lineup.awayFormation) })}
    />
  );
}

/** Football's part of the line-up panel: both elevens on a pitch above the team lists, the incidents below them. */
const lineupSections: DataPanelModule = { Above: LineupPitch, Below: Incidents };

export default lineupSections;
