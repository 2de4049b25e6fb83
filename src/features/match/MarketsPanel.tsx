import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireBetGroup, WireMarket } from '../../../contract';
import { OddsButton } from '../slip/odds/OddsButton';
import { useAddToSlip } from '../slip/odds/useAddToSlip';
import { EmptyState } from '../../core/ui/common/Panel';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { useLiveBook } from '../../core/ui/storeContext';
import { MATCH_DETAIL_NS } from './Scoreboard';
import styles from './MarketsPanel.module.css';

const ALL = 'all';
const ID_PREFIX = 'sp-markets';

/** The distinct periods of the groups, in the order the platform lists them (full time first). */
export function periodsOf(groups: readonly WireBetGroup[]): string[] {
  return [...new Set(groups.map((g) => g.period))];
}

/** The bet builder's hold on the prices (the match screen's builder mode): what is picked, and what cannot be. */
export interface MarketPicker {
  isPicked(marketId: number, type: string): boolean;
  pick(market: WireMarket, type: string): void;
  /** Why a group's markets cannot be picked, in words; undefined when they can. */
  blocked(group: WireBetGroup): string | undefined;
}

/**
 * Every market of the match, grouped by bet group (name, period, market type), each option a price into the slip.
 * A period filter narrows the groups; each group folds away. Markets taken off (status -1) leave the group.
 */
export const MarketsPanel = observer(function MarketsPanel({ groups, picker }: { groups: readonly WireBetGroup[]; picker?: MarketPicker }) {
  const { t } = useTranslation(MATCH_DETAIL_NS);
  const [period, setPeriod] = useState<string>(ALL);
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const periods = periodsOf(groups);
  const shown = groups.filter((g) => period === ALL || g.period === period);
  if (groups.length === 0) return <EmptyState>{t('markets.none')}</EmptyState>;

  const toggle = (key: string) =>
    setFolded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const tabs = [{ id: ALL, label: t('markets.all') }, ...periods.map((p) => ({ id: p, label: t(`period.${p}`, { defaultValue: p.toUpperCase() }) }))];

  return (
    <div className={styles.markets}>
      {periods.length > 1 && <Tabs tabs={tabs} selected={period} onSelect={setPeriod} label={t('markets.periods')} idPrefix={ID_PREFIX} />}
      <div id={tabPanelId(ID_PREFIX)} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, period)} className={styles.groups}>
        {shown.map((group) => {
          const key = `${group.marketType}-${group.period}`;
          const open = !folded.has(key);
          const blocked = picker?.blocked(group);
          return (
            <section key={key} className={styles.group} data-group={group.groupType} data-period={group.period} data-blocked={blocked !== undefined || undefined}>
              <h3 className={styles.groupHead}>
                <button type="button" className={styles.groupToggle} aria-expanded={open} onClick={() => toggle(key)}>
                  <span>{group.name}</span>
                  <span className={styles.chevron} aria-hidden="true" data-open={open} />
                </button>
              </h3>
              {blocked !== undefined && open && <p className={styles.blocked}>{blocked}</p>}
              {open && group.moneyHandicap.map((market) => <MarketRow key={market.marketId} market={market} picker={blocked === undefined ? picker : undefined} blocked={blocked !== undefined} />)}
            </section>
          );
        })}
      </div>
    </div>
  );
});

/** One market's options: name (and line) beside each price; many options (correct score) wrap into a grid. */
const MarketRow = observer(function MarketRow({ market, picker, blocked }: { market: WireMarket; picker: MarketPicker | undefined; blocked: boolean }) {
  const book = useLiveBook();
  const addToSlip = useAddToSlip();
  const live = book.market(market.marketId);
  if (!live || live.status === -1) return null;
  return (
    <div className={styles.options} data-market-type={market.marketType} data-columns={Math.min(market.options.length, 3)}>
      {market.options.map((option) => (
        <div key={option.type} className={styles.option}>
          <span className={styles.optionName} data-option-name>
            {option.name}
          </span>
          <span className={styles.optionPrice}>
            {blocked ? (
              <span className={styles.blockedPrice} aria-hidden="true">
                {live.options.get(option.type)?.odd ?? ''}
              </span>
            ) : (
              <OddsButton
                market={live}
                optionType={option.type}
                label={option.name}
                showLine={option.line !== undefined}
                onSelect={(type) => (picker ? picker.pick({ ...market, marketId: live.marketId }, type) : addToSlip(market, type))}
                {...(picker ? { picked: picker.isPicked(live.marketId, option.type) } : {})}
              />
            )}
          </span>
        </div>
      ))}
    </div>
  );
});
