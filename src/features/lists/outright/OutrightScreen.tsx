import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../../core/domain/zonedTime';
import type { MatchDetail } from '../../match/matchDetailWire';
import { Button } from '../../../core/ui/common/Button';
import { Crest } from '../../../core/ui/common/Crest';
import { EmptyState } from '../../../core/ui/common/Panel';
import screen from '../../../core/ui/common/Screen.module.css';
import { LoadFailed, RowsSkeleton } from '../../../core/ui/common/States';
import { useLiveBook, useStore } from '../../../core/ui/storeContext';
import { useShownMatch } from '../../match/useShownMatch';
import { MATCH_DETAIL_NS } from '../../match/Scoreboard';
import { RunnerPrice } from './RunnerPrice';
import { outrightMarketOf, runnersByPrice } from './runners';
import styles from './Outright.module.css';
import { useMatchChannels } from '../../../core/ui/useMatchChannels';

/**
 * An outright's own screen: the competition, when betting closes and every runner priced, shortest first. No
 * scoreboard, media or match data: an outright has no teams playing, so nothing of the match screen applies. It loads
 * through getMatchDetail (an outright is a match id there) with the match screen's store, which keeps it current.
 */
export const OutrightScreen = observer(function OutrightScreen() {
  const { t } = useTranslation();
  const { t: matchText } = useTranslation(MATCH_DETAIL_NS);
  const { store, detail, matchId } = useShownMatch();

  const back = (
    <Button variant="secondary" onClick={() => store.ui.leaveMatch()}>
      {t('outright.back')}
    </Button>
  );
  const { match } = detail;
  // The store falls back to a live match when the id asked for is gone: for an outright that is no answer.
  const gone = detail.status === 'notFound' || matchId === undefined || (match !== undefined && (!match.isOutright || match.matchId !== matchId));
  if (gone || !match) {
    return (
      <section className={screen.screen} aria-label={t('outright.title')} aria-busy={detail.status === 'loading'}>
        <header className={screen.head}>{back}</header>
        <div className={screen.content}>
          {detail.status === 'unavailable' ? (
            <EmptyState>{matchText('notOffered')}</EmptyState>
          ) : gone ? (
            <EmptyState>{t('outright.notFound')}</EmptyState>
          ) : detail.status === 'failed' ? (
            <LoadFailed onRetry={() => detail.reload()} />
          ) : (
            <RowsSkeleton rows={8} />
          )}
        </div>
      </section>
    );
  }
  return <OutrightBoard key={match.matchId} outright={match} back={back} />;
});

const OutrightBoard = observer(function OutrightBoard({ outright, back }: { outright: MatchDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  const root = useStore();
  const wire = outrightMarketOf({ betGroup: outright.betGroups });
  const live = useLiveBook().market(wire?.marketId ?? -1);

  useMatchChannels(outright.matchId);

  const runners = wire ? runnersByPrice(wire, live) : [];
  const closes = formatInZone(outright.beginTime, root.ui.timezone, i18n.language, 'dateTime');
  const suspended = live !== undefined && live.status === 0;
  return (
    <section className={screen.screen} aria-labelledby="sp-outright-title" data-outright-id={outright.matchId}>
      <header className={screen.head}>
        <div className={styles.heading}>
          {back}
          <Crest className={styles.crest} src={outright.leagueInfo.icon} size={28} />
          <div className={styles.names}>
            <h1 id="sp-outright-title" className={styles.title}>
              {outright.leagueInfo.name}
            </h1>
            <div className={screen.facts}>
              <span className={styles.market}>{wire?.name ?? outright.matchInfo.homeName}</span>
              <span>{t('outright.closes', { time: closes })}</span>
              <span>{t('outright.runners', { count: runners.length })}</span>
              {suspended && <span className={styles.status}>{t('outright.suspended')}</span>}
            </div>
          </div>
        </div>
      </header>
      <div className={screen.content}>
        {wire && live && runners.length > 0 ? (
          <ul className={styles.board} aria-label={t('outright.allRunnersLabel')}>
            {runners.map((runner) => (
              <li key={runner.type}>
                <RunnerPrice runner={runner} wire={wire} live={live} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('outright.noPrices')}</EmptyState>
        )}
      </div>
    </section>
  );
});
