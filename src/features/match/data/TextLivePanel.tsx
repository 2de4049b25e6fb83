import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { Slot, useKernel } from '../../../kernel';
import { dataPanelPoint } from '../points';
import { PanelEmpty, PanelSkeleton } from './PanelStates';
import type { MatchDataPanelProps } from './types';
import { useDataTranslation } from './i18n';

const TextLivePanelBody = observer(function TextLivePanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useDataTranslation();
  const { plugins } = useKernel();
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };
  const select = { panel: 'textLive', sportId } as const;
  // The commentary is the sport plugin's (football's lines, basketball's play-by-play); a sport without one has nothing to say.
  if (plugins.list(dataPanelPoint, select).length === 0) return <PanelEmpty>{t('textLive.empty')}</PanelEmpty>;
  return <Slot point={dataPanelPoint} select={select} fallback={<PanelSkeleton rows={6} />} render={({ Body }) => Body && <Body matchId={matchId} names={names} />} />;
});

/**
 * Text live: what a sport plugin draws at `matchDetail.dataPanel` (football's commentary newest first, basketball's
 * play-by-play with its section filter).
 */
export function TextLivePanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <TextLivePanelBody {...props} />
    </Suspense>
  );
}
