import { footballMinute } from '../../../../domain/footballEvents';
import { IN_PLAY_STATUSES, MatchStatus } from '../codes';
import { mediaOf } from '../data/media';
import type { Lang } from '../i18n';
import { formatOf } from '../sports/factory';
import { STATUS_NAMES } from '../texts/status';
import type { MatchClock } from '../../../../contract/shapes';
import type { BetGroup, Market, MatchView, TextLiveEntry } from '../types';
import type { MarketBook } from './marketBook';
import type { OutrightRecord } from './outrights';
import type { MatchRecord } from './records';

/**
 * Building the list and detail views. A match's view is cached per language and version (the
 * version moves on every score, status, odds or line-up change); the clock is laid over the
 * cached view on each read, so a ticking clock does not rebuild the view.
 */

function groupKey(m: Market): string {
  return `${m.kind}:${m.period}`;
}

/** Bet groups of the detail view: one per market kind and period, the main line first. */
export function betGroupsOf(book: MarketBook): BetGroup[] {
  const groups = new Map<string, BetGroup>();
  for (const m of book.current()) {
    const key = groupKey(m);
    let g = groups.get(key);
    if (!g) {
      g = { name: m.name, groupType: m.kind, marketType: m.marketType, period: m.period, moneyHandicap: [] };
      groups.set(key, g);
    }
    g.moneyHandicap.push(m);
  }
  for (const g of groups.values()) {
    g.moneyHandicap.sort((a, b) => {
      const am = book.slotOf(a.marketId)?.endsWith(':main') ? 0 : 1;
      const bm = book.slotOf(b.marketId)?.endsWith(':main') ? 0 : 1;
      return am - bm || Number(a.line ?? 0) - Number(b.line ?? 0);
    });
  }
  return [...groups.values()];
}

const LIST_KINDS = new Set(['win1x2', 'moneyLine', 'handicap', 'spread', 'overUnder', 'total']);

/** The list row's markets: full-time (and football first-half) winner, handicap and total, main lines only. */
export function mainGroups(book: MarketBook, sportId: number): BetGroup[] {
  return betGroupsOf(book)
    .filter((g) => LIST_KINDS.has(g.groupType) && (g.period === 'ft' || (g.period === '1h' && sportId === 1)))
    .map((g) => ({ ...g, moneyHandicap: g.moneyHandicap.slice(0, 1) }));
}

const NOT_STARTED_CLOCK = (type: MatchClock['type']): MatchClock => ({ running: false, period: 0, second: 0, type });

export function clockOf(m: MatchRecord, simNow: number): MatchClock {
  const sim = m.sim;
  if (!sim || !sim.started()) return NOT_STARTED_CLOCK(formatOf(m.profile, m.league, m.mainEvent).clock);
  const elapsed = m.paused ? m.paused.since - m.kickoff - m.pausedMs : simNow - m.kickoff - m.pausedMs;
  const clock = sim.clock(Math.max(0, elapsed));
  if (m.status === MatchStatus.Interrupted) return { ...clock, running: false, period: sim.periods.interrupted };
  return clock;
}

export function periodOf(m: MatchRecord): number {
  if (!m.sim) return 0;
  if (m.status === MatchStatus.Interrupted) return m.sim.periods.interrupted;
  if (m.status === MatchStatus.Abandoned) return m.sim.periods.abandoned;
  return m.sim.period();
}

function periodText(m: MatchRecord, lang: Lang): string {
  const sim = m.sim;
  if (m.status === MatchStatus.Live && sim) return sim.periodText()[lang];
  if (m.status === MatchStatus.Interrupted && sim) return sim.periods.name(sim.periods.interrupted)[lang];
  return (STATUS_NAMES[m.status] ?? STATUS_NAMES[MatchStatus.Upcoming])?.[lang] ?? '';
}

function baseView(m: MatchRecord, lang: Lang): MatchView {
  const sim = m.sim;
  const started = sim?.started() === true;
  const score = started && sim ? sim.score() : { home: 0, away: 0 };
  const live = IN_PLAY_STATUSES.has(m.status);
  const media = mediaOf(m.id, m.media, live);
  const book = m.book;
  const groups = book ? mainGroups(book, m.sportId) : [];
  return {
    matchId: m.id,
    sportId: m.sportId,
    matchStatus: m.status,
    isNeutral: m.isNeutral,
    beginTime: m.beginTime,
    matchInfo: {
      homeName: m.home.name[lang],
      awayName: m.away.name[lang],
      homeIcon: m.home.icon,
      awayIcon: m.away.icon,
      homeId: m.home.id,
      awayId: m.away.id,
      matchPeriod: periodText(m, lang),
      period: periodOf(m),
      homeScore: score.home,
      awayScore: score.away,
      matchTime: 0,
    },
    leagueInfo: { id: m.league.id, name: m.league.name[lang], icon: `/api/league/icon/${m.league.id}`, sportId: m.sportId },
    score: started && sim ? sim.scoreRows() : [],
    matchCount: book ? betGroupsOf(book).length : 0,
    marketCount: book ? book.current().length : 0,
    betGroup: groups,
    media: { videos: media.videos, animation: media.animations[0]?.pc ?? null },
    bo: sim?.bo ?? formatOf(m.profile, m.league, m.mainEvent).bo,
    serveIn: live && sim ? sim.serve() : 0,
    matchClock: NOT_STARTED_CLOCK('none'),
    isOutright: false,
  };
}

export function matchView(m: MatchRecord, lang: Lang, simNow: number): MatchView {
  let cached = m.views.get(lang);
  if (!cached || cached.version !== m.version) {
    cached = { version: m.version, view: baseView(m, lang) };
    m.views.set(lang, cached);
  }
  const clock = clockOf(m, simNow);
  return { ...cached.view, matchClock: clock, matchInfo: { ...cached.view.matchInfo, matchTime: clock.second } };
}

export function outrightView(o: OutrightRecord, lang: Lang): MatchView {
  let cached = o.views.get(lang);
  if (!cached || cached.version !== o.version) {
    const groups = betGroupsOf(o.book);
    cached = {
      version: o.version,
      view: {
        matchId: o.id,
        sportId: o.league.sportId,
        matchStatus: MatchStatus.Upcoming,
        isNeutral: true,
        beginTime: o.endTime,
        matchInfo: {
          homeName: o.title[lang],
          awayName: '',
          homeIcon: `/api/league/icon/${o.league.id}`,
          awayIcon: '',
          homeId: 0,
          awayId: 0,
          matchPeriod: STATUS_NAMES[MatchStatus.Upcoming]?.[lang] ?? '',
          period: 0,
          homeScore: 0,
          awayScore: 0,
          matchTime: 0,
        },
        leagueInfo: { id: o.league.id, name: o.league.name[lang], icon: `/api/league/icon/${o.league.id}`, sportId: o.league.sportId },
        score: [],
        matchCount: groups.length,
        marketCount: o.book.current().length,
        betGroup: groups,
        media: { videos: [], animation: null },
        bo: 0,
        serveIn: 0,
        matchClock: NOT_STARTED_CLOCK('none'),
        isOutright: true,
      },
    };
    o.views.set(lang, cached);
  }
  return cached.view;
}

/** Text live, newest first: football lines, basketball play-by-play, or the generic stream. */
export function textLiveOf(m: MatchRecord, lang: Lang): TextLiveEntry[] {
  const out: TextLiveEntry[] = [];
  for (let i = m.events.length - 1; i >= 0; i--) {
    const e = m.events[i];
    if (!e) continue;
    if (m.profile.sim === 'football') {
      out.push({ type: e.type, second: e.second, minute: footballMinute(e.second, e.period), team: e.team, text: e.text[lang] });
    } else if (m.profile.sim === 'basketball') {
      out.push({ section: e.section ?? 0, time: e.clockText ?? '', sign: e.team, homeScore: e.homeScore, awayScore: e.awayScore, event: e.text[lang] });
    } else {
      out.push({ type: e.type, period: e.period, second: e.second, team: e.team, homeScore: e.homeScore, awayScore: e.awayScore, text: e.text[lang] });
    }
  }
  return out;
}
