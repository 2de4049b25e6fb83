import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sportI18nKeyOf } from '../../kernel/sports';
import { zoneOffsetLabel } from '../../core/domain/zonedTime';
import { Slot } from '../../kernel';
import { sportPoint, type SportModule } from './points';
import type { LeagueGroup } from './matchList';
import { EmptyState } from '../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { useStore } from '../../core/ui/storeContext';
import { DateFilter } from './DateFilter';
import { LeagueFilter } from './LeagueFilter';
import { ListOrder } from './ListOrder';
import { LIST_TABS } from './listTabs';
import { MatchRow } from './MatchRow';
import screen from '../../core/ui/common/Screen.module.css';
import styles from './MatchListScreen.module.css';
import grid from './RowGrid.module.css';
import { priceTracks } from './rowGrid';
import { Crest } from '../../core/ui/common/Crest';
import { ListType } from '../../../contract/enums';
import { OutrightRow } from './outright/OutrightRow';
import outright from './outright/Outright.module.css';

export const MatchListScreen = observer(function MatchListScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const list = store.matchList;
  const sportKey = sportI18nKeyOf(list.sportId, 'A');
  return (
    <section className={screen.screen} aria-labelledby="sp-list-title">
      <header className={screen.head}>
        <h1 id="sp-list-title" className={screen.title}>
          {sportKey ? t(sportKey) : list.sportId}
          <span className={screen.count}>{list.status === 'ready' ? t(list.type === ListType.Outright ? 'outright.total' : 'list.total', { count: list.total }) : ''}</span>
        </h1>
        <div className={styles.tabs} role="tablist" aria-label={t('list.types')}>
          {LIST_TABS.map((tab) => (
            <button
              key={tab.type}
              type="button"
              role="tab"
              aria-selected={list.type === tab.type}
              className={styles.tab}
              onClick={() => void store.openList({ type: tab.type })}
            >
              {t(tab.labelKey)}
            </button>
          ))}
        </div>
        <LeagueFilter />
        <DateFilter />
        {list.type !== ListType.Outright && <ListOrder />}
      </header>
      {list.type === ListType.Outright ? (
        <OutrightListBody />
      ) : (
        <Slot point={sportPoint} select={{ sportId: list.sportId }} fallback={<RowsSkeleton />} render={(module, extension) => <MatchListBody sport={module} ns={extension.plugin.plugin.manifest.i18nNs} />} />
      )}
    </section>
  );
});

/**
 * The outright list: a competition per row with its shortest prices, not match rows (an outright has no teams, so
 * the sport's 1X2 and handicap columns do not apply). One outright per league and season: a few dozen rows, drawn
 * without virtualising.
 */
const OutrightListBody = observer(function OutrightListBody() {
  const { t } = useTranslation();
  const list = useStore().matchList;
  if (list.status === 'loading' || list.status === 'idle') return <RowsSkeleton />;
  if (list.status === 'failed') return <LoadFailed onRetry={() => void list.retry()} />;
  if (list.records.length === 0) return <EmptyState>{t('outright.empty')}</EmptyState>;
  return (
    <div className={screen.content}>
      <ul className={outright.list} aria-label={t('outright.list')}>
        {list.records.map((record) => (
          <li key={record.matchId}>
            <OutrightRow outright={record} />
          </li>
        ))}
      </ul>
      {list.loading && (
        <p className={styles.more} role="status">
          {t('app.loading')}
        </p>
      )}
    </div>
  );
});

type Item = { kind: 'league'; group: LeagueGroup } | { kind: 'match'; group: LeagueGroup; index: number };
const itemKey = (item: Item) => (item.kind === 'league' ? `l${item.group.leagueId}` : `m${item.group.matches[item.index]!.matchId}`);

/** `ns` is the sport plugin's namespace, where the labels its module names live. */
const MatchListBody = observer(function MatchListBody({ sport, ns }: { sport: SportModule; ns: string | undefined }) {
  const { t } = useTranslation();
  const store = useStore();
  const list = store.matchList;
  const groups = sport.rowColumns(list.sportId);
  const group = groups.find((g) => g.id === list.columnGroup) ?? groups[0];
  const columns = group?.columns ?? [];

  const items = useMemo<Item[]>(
    () =>
      list.groups.flatMap((g) => [
        { kind: 'league' as const, group: g },
        ...(list.isCollapsed(g.leagueId) ? [] : g.matches.map((_, index) => ({ kind: 'match' as const, group: g, index }))),
      ]),
    // collapsed is read through isCollapsed; its length changes on every toggle.
    [list.groups, list.collapsed.length],
  );
  const body = useRef<HTMLDivElement>(null);
  // Where the list starts on the page: the window scrolls, so rows are placed relative to this offset.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (body.current) setScrollMargin(body.current.getBoundingClientRect().top + window.scrollY);
  }, [list.status, items.length]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    // Measured sizes follow the item, not its place: rows move (a match kicks off, a league folds, a poll brings new
    // matches), and sizes kept by index gave a league header a match row's height, a blank band under it.
    getItemKey: (i) => itemKey(items[i]!),
    estimateSize: (i) => (items[i]?.kind === 'league' ? 40 : 18 + 30 * Math.max(2, ...columns.map((c) => c.options.length))),
    overscan: 6,
    scrollMargin,
  });
  const returnTo = store.ui.listReturnMatchId;
  const pagesComing = list.loading;
  useEffect(() => {
    if (returnTo === undefined || list.status !== 'ready') return;
    const index = items.findIndex((item) => item.kind === 'match' && item.group.matches[item.index]!.matchId === returnTo);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
    // The list shows from its first page on: a match on a later page (above 50 in play) is looked for again as each
    // page lands, and given up only once the last has.
    else if (pagesComing) return;
    store.ui.clearListReturn();
  }, [returnTo, list.status, pagesComing, items, virtualizer, store]);

  if (list.status === 'loading' || list.status === 'idle') return <RowsSkeleton />;
  if (list.status === 'failed') return <LoadFailed onRetry={() => void list.retry()} />;
  if (list.records.length === 0) return <EmptyState>{t('list.empty')}</EmptyState>;

  return (
    <>
      <div className={styles.table} role="table" aria-label={t('list.matches')} style={priceTracks(columns)}>
        <div className={`${grid.grid} ${styles.columnsHead}`} role="row">
          <span role="columnheader" className={styles.groupCell}>
            <ZoneLabel />
            {groups.length > 1 && (
              <select className={styles.groupSelect} aria-label={t('list.marketType')} value={group?.id} onChange={(e) => list.setColumnGroup(e.target.value)}>
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {t(g.labelKey, { ns })}
                  </option>
                ))}
              </select>
            )}
          </span>
          {columns.map((c) => (
            <span key={c.id} role="columnheader" className={styles.headCell}>
              {t(c.labelKey, { ns })}
            </span>
          ))}
          <span role="columnheader" />
        </div>
        <div ref={body} className={styles.body} role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index]!;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                className={styles.virtualRow}
                role="presentation"
                style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
              >
                {item.kind === 'league' ? (
                  <LeagueHeader group={item.group} collapsed={list.isCollapsed(item.group.leagueId)} onToggle={() => list.toggleLeague(item.group.leagueId)} />
                ) : (
                  <MatchRow match={item.group.matches[item.index]!} columns={columns} sport={sport} />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {/* After the table, not in it: a table holds rows only (axe aria-required-children). */}
      {list.loading && (
        <p className={styles.more} role="status">
          {t('app.loading')}
        </p>
      )}
    </>
  );
});

function LeagueHeader({ group, collapsed, onToggle }: { group: LeagueGroup; collapsed: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <div role="row">
      <div role="rowheader">
        <button type="button" className={styles.league} aria-expanded={!collapsed} onClick={onToggle} data-league-id={group.leagueId}>
          <Crest className={styles.leagueIcon} src={group.icon} size={18} />
          <span className={styles.leagueName}>{group.name}</span>
          <span className={styles.leagueCount}>{t('list.total', { count: group.matches.length })}</span>
          <span className={styles.chevron} aria-hidden="true" data-collapsed={collapsed} />
        </button>
      </div>
    </div>
  );
}

/** Kick-offs show in the platform's zone (domain/zonedTime.ts); the list says which, as its offset, with the zone named. */
const ZoneLabel = observer(function ZoneLabel() {
  const { t } = useTranslation();
  const { timezone, now } = useStore().ui;
  const offset = zoneOffsetLabel(timezone, now);
  return (
    <span className={styles.zone} title={t('list.timeZone', { offset, zone: timezone })}>
      <span aria-hidden="true">{offset}</span>
      <span className="sp-visually-hidden">{t('list.timeZone', { offset, zone: timezone })}</span>
    </span>
  );
});
