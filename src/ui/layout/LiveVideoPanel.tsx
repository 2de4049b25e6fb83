import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireMatch } from '../../../contract';
import { Button } from '../common/Button';
import { EmptyState } from '../common/Panel';
import { RowsSkeleton } from '../common/States';
import { MediaStage } from '../matchDetail/media/MediaStage';
import { MatchStatus } from '../../../contract/enums';
import { useLiveBook, useStore } from '../storeContext';
import styles from './RightColumn.module.css';

const titleOf = (match: WireMatch) => `${match.matchInfo.homeName} – ${match.matchInfo.awayName}`;

/**
 * The right column's live video: the stream of the match the member last opened with video (or picked here), in the
 * match screen's own media stage. While that match's screen shows, its stage plays it already, so the panel names it
 * instead of playing it twice. With nothing followed, it offers the live matches that have video.
 */
export const LiveVideoPanel = observer(function LiveVideoPanel() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const watched = ui.liveVideo;
  const live = useLiveBook().match(watched?.matchId ?? 0);
  if (!watched) return <LivePicker />;
  if (ui.view === 'match' && ui.matchId === watched.matchId) {
    return (
      <p className={styles.onStage} data-live-video={watched.matchId}>
        {t('live.onStage', { match: watched.title })}
      </p>
    );
  }
  return (
    <div className={styles.playing} data-live-video={watched.matchId}>
      <div className={styles.playingHead}>
        <span className={styles.playingTitle} title={watched.title}>
          {watched.title}
        </span>
        <Button variant="secondary" onClick={() => ui.stopLive()}>
          {t('live.close')}
        </Button>
      </div>
      <MediaStage matchId={watched.matchId} sportId={watched.sportId} matchEnded={live?.matchStatus === MatchStatus.Ended} />
    </div>
  );
});

/** Live matches with video to pick from: home's live matches (loaded here when home has not asked for them yet). */
const LivePicker = observer(function LivePicker() {
  const { t } = useTranslation();
  const { ui, home } = useStore();
  const { status } = home.live;
  useEffect(() => {
    if (status === 'idle') void home.loadLive();
  }, [home, status]);
  if (status === 'idle' || status === 'loading') return <RowsSkeleton rows={2} />;
  const withVideo = home.liveNow.filter((match) => match.media.videos.length > 0);
  if (withVideo.length === 0) return <EmptyState>{t('live.none')}</EmptyState>;
  return (
    <ul className={styles.picker} aria-label={t('live.pick')}>
      {withVideo.map((match) => (
        <li key={match.matchId}>
          <button type="button" className={styles.pick} onClick={() => ui.watchLive({ matchId: match.matchId, sportId: match.sportId, title: titleOf(match) })}>
            <span className={styles.pickTitle}>{titleOf(match)}</span>
            <span className={styles.pickLeague}>{match.leagueInfo.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
});
