import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireMatch } from '../../../../contract';
import { Button } from '../common/Button';
import { EmptyState } from '../common/Panel';
import { RowsSkeleton } from '../common/States';
import { MediaStage } from '../../../features/match/media/MediaStage';
import { MatchStatus } from '../../../../contract/enums';
import { useLiveBook, useStore } from '../storeContext';
import { usePlatformAnswer } from '../usePlatformAnswer';
import { envOf } from '../../store/env';
import { matchTitle, type LiveVideoMatch } from '../../store/ui';
import styles from './RightColumn.module.css';
import { MATCH_PATHS } from '../../../../contract/paths';

const isMatch = (value: unknown): value is WireMatch => typeof value === 'object' && value !== null && typeof (value as WireMatch).matchInfo?.homeName === 'string';

/**
 * The followed match's title in the member's language: after a switch its names are asked of the platform again (the
 * match screen's call, which answers in the request language), and until they come no title shows rather than the
 * old language's (issue 28).
 */
function useWatchedTitle(watched: LiveVideoMatch | undefined): string {
  const store = useStore();
  const { http, logger } = envOf(store);
  const language = store.settings.apiLanguage;
  const stale = watched !== undefined && watched.language !== language;
  const matchId = watched?.matchId;
  const names = usePlatformAnswer(
    stale && matchId !== undefined ? `${matchId}:${language}` : undefined,
    async () => {
      const match: unknown = await http.match.post(MATCH_PATHS.detail, { matchId }, { noAuth: true });
      if (!isMatch(match)) throw new TypeError('getMatchDetail: no match names');
      return matchTitle(match);
    },
    { failed: (error) => logger.warn('[live video] names not reloaded', error) },
  );
  // The followed match takes its names in the new language (ui.liveVideo is what the panel restores).
  const title = names.data;
  useEffect(() => {
    if (title !== undefined && matchId !== undefined) store.ui.renameLiveVideo(matchId, title, language);
  }, [store, title, matchId, language]);
  return watched && !stale ? watched.title : '';
}

/**
 * The right column's live video: the stream of the match the member last opened with video (or picked here), in the
 * match screen's own media stage. While that match's screen shows, its stage plays it already, so the panel names it
 * instead of playing it twice, and in a live room it plays nothing. With nothing followed, it offers the live matches that
 * have video.
 */
export const LiveVideoPanel = observer(function LiveVideoPanel() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const watched = ui.liveVideo;
  const live = useLiveBook().match(watched?.matchId ?? 0);
  const title = useWatchedTitle(watched);
  // A live room plays its own stage: a second stream beside it (the same match's, or another) would play twice the
  // sound and bandwidth, so the panel waits until the room is left (issue 31: one video element on the page).
  if (ui.view === 'room') {
    return (
      <p className={styles.onStage} data-live-video={watched?.matchId}>
        {t('live.inRoom')}
      </p>
    );
  }
  if (!watched) return <LivePicker />;
  if (ui.view === 'match' && ui.matchId === watched.matchId) {
    return (
      <p className={styles.onStage} data-live-video={watched.matchId}>
        {t('live.onStage', { match: title })}
      </p>
    );
  }
  return (
    <div className={styles.playing} data-live-video={watched.matchId}>
      <div className={styles.playingHead}>
        <span className={styles.playingTitle} title={title}>
          {title}
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
  const { ui, home, settings } = useStore();
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
          <button type="button" className={styles.pick} onClick={() => ui.watchLive({ matchId: match.matchId, sportId: match.sportId, title: matchTitle(match), language: settings.apiLanguage })}>
            <span className={styles.pickTitle}>{matchTitle(match)}</span>
            <span className={styles.pickLeague}>{match.leagueInfo.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
});
