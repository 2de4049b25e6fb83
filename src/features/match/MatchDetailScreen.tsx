import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot, useKernel } from '../../kernel';
import { sportPoint } from '../lists/points';
import type { MatchDetail } from './matchDetailWire';
import { Button } from '../../core/ui/common/Button';
import { EmptyState } from '../../core/ui/common/Panel';
import screen from '../../core/ui/common/Screen.module.css';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { AnchorBadge } from '../liveRoom/anchors/AnchorBadge';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import { matchTitle } from '../../core/store/ui';
import { AnalysisPanel, DataPanel, IntelligencePanel, LineupPanel, TextLivePanel } from './data';
import { detailTabsOf, type DetailTab } from './data/sources';
import { builderMarketReason } from '../../../domain/builder';
import { MarketsPanel } from './MarketsPanel';
import { MediaStage } from './media/MediaStage';
import { MatchStatus } from '../../../contract/enums';
import { MATCH_DETAIL_NS, Scoreboard } from './Scoreboard';
import { useShownMatch } from './useShownMatch';
import styles from './MatchDetailScreen.module.css';
import { useMatchChannels } from '../../core/ui/useMatchChannels';

const ID_PREFIX = 'sp-match';

/** The bet builder mode loads when the member first turns it on. */
const BuilderMode = lazy(() => import(/* webpackChunkName: "bet-builder" */ '../builder/BuilderMode'));

/**
 * The screen of one match: scoreboard, the media stage (video, animation), then tabs with every market and the
 * match data. It shows the match the member opened (ui.matchId); the store falls back to the first in-play match
 * when that one is gone. While it shows, the match's push channels keep scores, clock and prices live.
 */
export const MatchDetailScreen = observer(function MatchDetailScreen() {
  const { t } = useTranslation(MATCH_DETAIL_NS);
  const { store, detail, matchId } = useShownMatch();

  const back = (
    <Button variant="secondary" onClick={() => store.ui.leaveMatch()}>
      {t('back')}
    </Button>
  );
  const { match } = detail;
  // An outright reached by a match link (?matchId=) has no scoreboard, media or match data: show its own screen.
  const outrightId = match?.isOutright ? match.matchId : undefined;
  useEffect(() => {
    if (outrightId !== undefined) store.ui.showOutright(outrightId);
  }, [store, outrightId]);
  if (detail.status === 'notFound' || detail.status === 'unavailable' || matchId === undefined) {
    return (
      <section className={screen.screen} aria-label={t('title')} data-state={detail.status === 'unavailable' ? 'unavailable' : 'notFound'}>
        <header className={screen.head}>{back}</header>
        <div className={screen.content}>
          <EmptyState>{t(detail.status === 'unavailable' ? 'notOffered' : 'notFound')}</EmptyState>
        </div>
      </section>
    );
  }
  if (!match || outrightId !== undefined) {
    return (
      <section className={screen.screen} aria-label={t('title')} aria-busy={detail.status === 'loading'}>
        <header className={screen.head}>{back}</header>
        <div className={screen.content}>{detail.status === 'failed' ? <LoadFailed onRetry={() => detail.reload()} /> : <RowsSkeleton rows={8} />}</div>
      </section>
    );
  }
  return <MatchView key={match.matchId} match={match} back={back} fellBack={detail.fellBack} />;
});

const MatchView = observer(function MatchView({ match, back, fellBack }: { match: MatchDetail; back: React.ReactNode; fellBack: boolean }) {
  const { t } = useTranslation(MATCH_DETAIL_NS);
  const live = useLiveBook().match(match.matchId);
  const [tab, setTab] = useState<DetailTab>('markets');
  const [builderOn, setBuilderOn] = useState(false);
  // Offered where at least one market could join a builder (the platform judges the rest: a sport without a model).
  const canBuild = match.betGroups.some((g) => builderMarketReason({ kind: g.groupType, period: g.period }) === null);
  const title = matchTitle(match);

  useMatchChannels(match.matchId);

  // The right column's live video panel follows a match with video the member opens, and keeps it after Back.
  const { ui, settings } = useStore();
  const hasVideo = match.media.videos.length > 0;
  // The match reloads in a new language (matchDetail follows it), and the title it passes on follows.
  const language = settings.apiLanguage;
  useEffect(() => {
    if (hasVideo) ui.watchLive({ matchId: match.matchId, sportId: match.sportId, title, language });
  }, [ui, hasVideo, match.matchId, match.sportId, title, language]);

  const { plugins } = useKernel();
  const tabs = detailTabsOf(plugins, match.sportId).map((id) => ({ id, label: t(`tabs.${id}`) }));
  const data = { matchId: match.matchId, sportId: match.sportId, homeName: match.matchInfo.homeName, awayName: match.matchInfo.awayName };
  return (
    <section className={screen.screen} aria-labelledby="sp-match-title" data-match-id={match.matchId}>
      <header className={screen.head}>
        <div className={styles.heading}>
          {back}
          <h1 id="sp-match-title" className={styles.title}>
            {title}
          </h1>
          <span className={styles.league}>{match.leagueInfo.name}</span>
          {/* The match's anchors: a link into the live room. */}
          <AnchorBadge matchId={match.matchId} />
        </div>
        <FavouriteStar match={match} />
      </header>
      {fellBack && (
        <p className={styles.notice} role="status">
          {t('fellBack')}
        </p>
      )}
      {live && (
        <Slot
          point={sportPoint}
          select={{ sportId: match.sportId }}
          render={(module, extension) => <Scoreboard match={match} live={live} sport={module} sportNs={extension.plugin.plugin.manifest.i18nNs ?? MATCH_DETAIL_NS} />}
        />
      )}
      <MediaStage
        matchId={match.matchId}
        sportId={match.sportId}
        matchEnded={live?.matchStatus === MatchStatus.Ended}
        caption={{ home: match.matchInfo.homeName, away: match.matchInfo.awayName, homeScore: live?.homeScore ?? match.matchInfo.homeScore, awayScore: live?.awayScore ?? match.matchInfo.awayScore }}
      />
      <div className={screen.content}>
        <div className={styles.tabs}>
          <Tabs tabs={tabs} selected={tab} onSelect={setTab} label={t('tabs.label')} idPrefix={ID_PREFIX} />
        </div>
        <div id={tabPanelId(ID_PREFIX)} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, tab)} className={styles.panel}>
          {tab === 'markets' && canBuild && (
            <div className={styles.modeBar}>
              <Button variant="secondary" aria-pressed={builderOn} onClick={() => setBuilderOn(!builderOn)} data-builder-toggle>
                {t('builder.toggle')}
              </Button>
            </div>
          )}
          {tab === 'markets' &&
            (builderOn && canBuild ? (
              <Suspense fallback={<RowsSkeleton rows={8} />}>
                <BuilderMode match={match} />
              </Suspense>
            ) : (
              <MarketsPanel groups={match.betGroups} />
            ))}
          {tab === 'data' && <DataPanel {...data} />}
          {tab === 'lineup' && <LineupPanel {...data} />}
          {tab === 'textLive' && <TextLivePanel {...data} />}
          {tab === 'analysis' && <AnalysisPanel {...data} />}
          {tab === 'intelligence' && <IntelligencePanel {...data} />}
        </div>
      </div>
    </section>
  );
});

