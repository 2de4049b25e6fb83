import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { destroy, getEnv } from 'mobx-state-tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireBetGroup } from '../../../contract';
import { builderMarketReason } from '../../../domain/builder';
import { BetBuilderStore } from './betBuilder';
import type { MatchDetail } from '../match/matchDetailWire';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import { MarketsPanel, type MarketPicker } from '../match/MarketsPanel';
import { MATCH_DETAIL_NS } from '../match/Scoreboard';
import { BuilderPanel } from './BuilderPanel';
import styles from './BuilderMode.module.css';

/**
 * The match screen's bet builder mode (a chunk of its own, loaded when the member turns the mode on): the markets,
 * where a click picks a selection for the builder instead of the slip and a market that cannot join says why, beside
 * the builder's panel. The builder lives while the mode shows.
 */
export default observer(function BuilderMode({ match }: { match: MatchDetail }) {
  const { t } = useTranslation(MATCH_DETAIL_NS, { keyPrefix: 'builder' });
  const root = useStore();
  const book = useLiveBook();
  const [builder] = useState(() => BetBuilderStore.create({ matchId: match.matchId }, getEnv(root)));
  useEffect(() => () => destroy(builder), [builder]);

  // The match pushes its prices into the live book: when a picked selection's price or state moves, price again.
  useEffect(
    () =>
      reaction(
        () =>
          builder.legs.map((leg) => {
            const market = book.market(leg.marketId);
            const option = market?.options.get(leg.type);
            return [`${leg.marketId}|${leg.type}`, option?.odd ?? '', `${market?.status}|${option?.isLock}`] as const;
          }),
        (rows) => builder.pricesMoved(new Map(rows.filter(([, odd]) => odd !== '').map(([key, odd]) => [key, odd]))),
        { equals: (a, b) => a.length === b.length && a.every((row, i) => row[1] === b[i]?.[1] && row[2] === b[i]?.[2] && row[0] === b[i]?.[0]) },
      ),
    [builder, book],
  );

  const picker: MarketPicker = {
    isPicked: (marketId, type) => builder.isPicked(marketId, type),
    blocked: (group: WireBetGroup) => {
      const reason = builderMarketReason({ kind: group.groupType, period: group.period });
      return reason ? t('cannot', { reason: t(`reason.${reason}`) }) : undefined;
    },
    pick: (market, type) => {
      // Builder prices are quoted for members (the betting routes): a visitor's click asks them to sign in first.
      if (!root.requireLogin(t('title'))) return;
      const live = book.market(market.marketId);
      const option = live?.options.get(type);
      const wire = market.options.find((o) => o.type === type);
      if (!option) return;
      const label = `${market.name ?? ''}: ${wire?.name ?? type}${option.line !== undefined ? ` ${option.line}` : ''}`;
      builder.toggle({ marketId: market.marketId, kind: market.kind, period: market.period }, type, option.odd, label);
    },
  };

  const place = () => {
    if (!root.requireLogin(t('title'))) return;
    void builder.place(root.settings?.oddsChange ?? 1);
  };

  return (
    <div className={styles.mode} data-builder-mode>
      <MarketsPanel groups={match.betGroups} picker={picker} />
      <BuilderPanel builder={builder} onPlace={place} />
    </div>
  );
});
