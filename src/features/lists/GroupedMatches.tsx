import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSportIdsA, sportI18nKeyOf } from '../../kernel/sports';
import { Slot } from '../../kernel';
import { sportPoint, type SportModule } from './points';
import type { WireMatch } from '../../../contract';
import { OutrightRow } from './outright/OutrightRow';
import { MatchRow } from './MatchRow';
import styles from './GroupedMatches.module.css';
import grid from './RowGrid.module.css';
import { priceTracks } from './rowGrid';
import { Crest } from '../../core/ui/common/Crest';

export interface SportMatches {
  sportId: number;
  matches: readonly WireMatch[];
}

/** Matches by sport in the spec's sport order, keeping the platform's order within a sport. */
export function groupBySport(matches: readonly WireMatch[]): SportMatches[] {
  const groups = new Map<number, WireMatch[]>();
  for (const match of matches) {
    const group = groups.get(match.sportId);
    if (group) group.push(match);
    else groups.set(match.sportId, [match]);
  }
  return sortSportIdsA([...groups.keys()]).map((sportId) => ({ sportId, matches: groups.get(sportId) ?? [] }));
}

type Item =
  | { kind: 'sport'; key: string; sportId: number }
  | { kind: 'league'; key: string; sportId: number; leagueId: number; name: string; icon: string; count: number }
  | { kind: 'match'; key: string; sportId: number; match: WireMatch };

/** Sport heading, then per league its heading and its matches, in the order given. */
function itemsOf(groups: readonly SportMatches[]): Item[] {
  const items: Item[] = [];
  for (const { sportId, matches } of groups) {
    if (matches.length === 0) continue;
    items.push({ kind: 'sport', key: `s${sportId}`, sportId });
    const byLeague = new Map<number, WireMatch[]>();
    for (const match of matches) {
      const league = byLeague.get(match.leagueInfo.id);
      if (league) league.push(match);
      else byLeague.set(match.leagueInfo.id, [match]);
    }
    for (const [leagueId, leagueMatches] of byLeague) {
      const { name, icon } = leagueMatches[0]!.leagueInfo;
      items.push({ kind: 'league', key: `l${sportId}:${leagueId}`, sportId, leagueId, name, icon, count: leagueMatches.length });
      for (const match of leagueMatches) items.push({ kind: 'match', key: `m${match.matchId}`, sportId, match });
    }
  }
  return items;
}

/** The first column group of a sport plugin: what a row shows outside the sport's own list. */
const firstColumns = (module: SportModule, sportId: number) => module.rowColumns(sportId)[0]?.columns ?? [];

/**
 * Matches of several sports in one table (home's hot matches, the hot view, favourites): each sport starts with a
 * heading row carrying its plugin's column labels, then its leagues and rows. Long lists are virtualised against the
 * window, like the match list.
 */
export const GroupedMatches = observer(function GroupedMatches({ groups, label, virtual = false }: { groups: readonly SportMatches[]; label: string; virtual?: boolean }) {
  const items = useMemo(() => itemsOf(groups), [groups]);
  return (
    <div className={styles.table} role="table" aria-label={label}>
      {virtual ? <VirtualRows items={items} /> : items.map((item) => <ItemRow key={item.key} item={item} />)}
    </div>
  );
});

function VirtualRows({ items }: { items: Item[] }) {
  const body = useRef<HTMLDivElement>(null);
  // Where the rows start on the page: the window scrolls, so rows are placed relative to this offset.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (body.current) setScrollMargin(body.current.getBoundingClientRect().top + window.scrollY);
  }, [items.length]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    // Sizes follow the item, not its place (rows move as matches start and end): see MatchListScreen.
    getItemKey: (i) => items[i]!.key,
    estimateSize: (i) => (items[i]?.kind === 'match' ? 96 : 40),
    overscan: 6,
    scrollMargin,
  });
  return (
    <div ref={body} className={styles.body} role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index]!;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className={styles.virtualRow}
            role="presentation"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <ItemRow item={item} />
          </div>
        );
      })}
    </div>
  );
}

function ItemRow({ item }: { item: Item }) {
  switch (item.kind) {
    case 'sport':
      return (
        <SportSlot sportId={item.sportId} fallback={<div className={styles.placeholder} aria-hidden="true" />}>
          {(module, ns) => <SportHead sportId={item.sportId} module={module} ns={ns} />}
        </SportSlot>
      );
    case 'league':
      return (
        <div className={styles.league} role="row" data-league-id={item.leagueId}>
          <span role="rowheader" className={styles.leagueCell}>
            {item.icon && <Crest className={styles.leagueIcon} src={item.icon} size={18} />}
            <span className={styles.leagueName}>{item.name}</span>
            <LeagueCount count={item.count} />
          </span>
        </div>
      );
    case 'match':
      // A starred outright (favourites keep them) is a competition with runners, not a match row with locked cells.
      if (item.match.isOutright) {
        return (
          <div role="row">
            <div role="cell">
              <OutrightRow outright={item.match} />
            </div>
          </div>
        );
      }
      return (
        <SportSlot sportId={item.sportId} fallback={<div className={styles.rowPlaceholder} aria-hidden="true" />}>
          {(module) => {
            const columns = firstColumns(module, item.sportId);
            return (
              <div role="presentation" style={priceTracks(columns)}>
                <MatchRow match={item.match} columns={columns} sport={module} />
              </div>
            );
          }}
        </SportSlot>
      );
  }
}

/** Renders a sport's extension; `ns` is its plugin's namespace, where the labels the module names live. */
function SportSlot({ sportId, fallback, children }: { sportId: number; fallback: ReactNode; children: (module: SportModule, ns: string | undefined) => ReactNode }) {
  return <Slot point={sportPoint} select={{ sportId }} fallback={fallback} render={(module, extension) => children(module, extension.plugin.plugin.manifest.i18nNs)} />;
}

function SportHead({ sportId, module, ns }: { sportId: number; module: SportModule; ns: string | undefined }) {
  const { t } = useTranslation();
  const columns = firstColumns(module, sportId);
  const key = sportI18nKeyOf(sportId, 'A');
  return (
    <div className={`${grid.grid} ${styles.sportHead}`} role="row" data-sport-id={sportId} style={priceTracks(columns)}>
      <span role="columnheader" className={styles.sportName}>
        {key ? t(key) : sportId}
      </span>
      {columns.map((column) => (
        <span key={column.id} role="columnheader" className={styles.headCell}>
          {t(column.labelKey, { ns })}
        </span>
      ))}
      <span role="columnheader" />
    </div>
  );
}

function LeagueCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return <span className={styles.leagueCount}>{t('list.total', { count })}</span>;
}
