import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../../core/domain/zonedTime';
import type { WireMatch } from '../../../../contract';
import { Crest } from '../../../core/ui/common/Crest';
import { FavouriteStar } from '../../favourites/FavouriteStar';
import { useLiveBook, useStore } from '../../../core/ui/storeContext';
import { RunnerPrice } from './RunnerPrice';
import { outrightMarketOf, runnersByPrice } from './runners';
import styles from './Outright.module.css';
import { useMatchChannels } from '../../../core/ui/useMatchChannels';

/** How many runners a row shows: the favourites, enough to bet from the list without crowding it. */
export const TOP_RUNNERS = 4;

/**
 * One outright in the outright list: the competition, the market and when betting closes, the shortest prices and a
 * way to every runner. Subscribes to its push channels while on screen, like a match row, so the prices stay live.
 */
export const OutrightRow = observer(function OutrightRow({ outright }: { outright: WireMatch }) {
  const { t, i18n } = useTranslation();
  const root = useStore();
  const book = useLiveBook();
  const wire = outrightMarketOf(outright);
  const live = wire && book.market(wire.marketId);
  const headingId = `sp-outright-${outright.matchId}`;

  useMatchChannels(outright.matchId);

  const runners = wire ? runnersByPrice(wire, live) : [];
  const closes = formatInZone(outright.beginTime, root.ui.timezone, i18n.language, 'dateTime');
  return (
    <article className={styles.row} aria-labelledby={headingId} data-outright-id={outright.matchId} data-league-id={outright.leagueInfo.id}>
      <div className={styles.competition}>
        <Crest className={styles.crest} src={outright.leagueInfo.icon} size={28} />
        <div className={styles.names}>
          <h3 id={headingId} className={styles.league}>
            {outright.leagueInfo.name}
          </h3>
          <span className={styles.market}>{wire?.name ?? outright.matchInfo.homeName}</span>
          <span className={styles.deadline}>{t('outright.closes', { time: closes })}</span>
        </div>
      </div>
      <div className={styles.top} role="group" aria-label={t('outright.topRunners')}>
        {wire && live && runners.length > 0 ? (
          runners.slice(0, TOP_RUNNERS).map((runner) => <RunnerPrice key={runner.type} runner={runner} wire={wire} live={live} />)
        ) : (
          <span className={styles.noPrices}>{t('outright.noPrices')}</span>
        )}
      </div>
      <div className={styles.actions}>
        {/* The favourites list holds outrights as well (FavouritesStore asks for the outright list too). */}
        <FavouriteStar match={outright} />
        {runners.length > 0 && (
          <button type="button" className={styles.all} onClick={() => root.ui.showOutright(outright.matchId)}>
            {t('outright.allRunners', { count: runners.length })}
            <span className="sp-visually-hidden"> {t('outright.of', { name: outright.leagueInfo.name })}</span>
          </button>
        )}
      </div>
    </article>
  );
});
