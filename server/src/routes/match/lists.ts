import { gzipSync } from 'node:zlib';
import { dateRange } from '../../../../domain/dates';
import type { OddsFormat } from '../../../../domain/odds';
import { IN_PLAY_STATUSES, SPORT_ORDER, type FeedChanges, type FeedClock, type FeedViews, type Lang, type MatchView } from '../../feed';
import { LIST_TYPE, ORDER_BY, type ListTypeCode, type WireLeague } from '../../../../contract/match';
import { parlayView, wireMatch } from './wire';

/**
 * The platform's time zone, in which "today" ends. It is the default `timezone` of config/app.json
 * (the app's resolved config); the platform has one trading day for every merchant, so it is a
 * constant here rather than a per-request choice.
 */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

/** The lists a request can ask for; `all` (in-play, today and early) backs search and on-sale leagues. */
export type ListKind = 'inplay' | 'today' | 'early' | 'outright' | 'parlay' | 'todayAndInplay' | 'all';

export const KIND_OF_TYPE: Record<ListTypeCode, ListKind> = {
  [LIST_TYPE.inplay]: 'inplay',
  [LIST_TYPE.today]: 'today',
  [LIST_TYPE.early]: 'early',
  [LIST_TYPE.outright]: 'outright',
  [LIST_TYPE.parlay]: 'parlay',
  [LIST_TYPE.todayAndInplay]: 'todayAndInplay',
};

/** Lists that hold in-play and not-started matches together show the in-play ones first. */
const MIXED: ReadonlySet<ListKind> = new Set(['parlay', 'todayAndInplay', 'all']);

export interface ListQuery {
  kind: ListKind;
  lang: Lang;
  orderBy: number;
  sportIds?: readonly number[];
  leagueIds?: readonly number[];
  matchIds?: readonly number[];
}

/** A serialised getList answer, and its gzip form made on first demand. */
export class PageBody {
  private zipped: Buffer | undefined;

  constructor(readonly json: Buffer) {}

  /** Below this a page is sent as is: compressing it saves less than the header costs. */
  static readonly MIN_GZIP_BYTES = 1024;

  gzip(): Buffer | undefined {
    if (this.json.length < PageBody.MIN_GZIP_BYTES) return undefined;
    this.zipped ??= gzipSync(this.json, { level: 6 });
    return this.zipped;
  }
}

interface ListEntry {
  views: MatchView[];
  /** Serialised records per odds format, filled as pages ask for them. */
  records: Map<OddsFormat, Array<string | undefined>>;
  /** Whole response bodies per format, page and size. */
  pages: Map<string, PageBody>;
}

/**
 * A cached list is rebuilt at the latest this long after it was built, even when the feed
 * reported nothing: clocks move on every tick but are only reported once a second.
 */
const MAX_AGE_MS = 1000;
/** Bounds on what one snapshot may hold; arbitrary filter combinations must not grow memory without end. */
const MAX_ENTRIES = 256;
const MAX_PAGES_PER_ENTRY = 32;
const MAX_HAYSTACKS = 20_000;

const SPORT_RANK = new Map(SPORT_ORDER.map((id, i) => [id, i]));
const sportRank = (sportId: number): number => SPORT_RANK.get(sportId) ?? SPORT_ORDER.length;
const inPlayRank = (v: MatchView): number => (IN_PLAY_STATUSES.has(v.matchStatus) ? 0 : 1);

/** Lower case, compatibility-normalised: full-width Latin and composed accents compare equal. */
export function searchForm(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * The lists behind the match routes. The feed builds views per call; this layer keeps one snapshot
 * of every list asked for (per language, filters and order) together with its serialised records
 * and response bodies, and drops the snapshot when the feed reports a change, when the day turns in
 * the platform's time zone, or after MAX_AGE_MS. Every answer in between is a cache hit, so list
 * traffic costs one build per feed tick, not one per request.
 */
export class MatchLists {
  private version = 0;
  private stamp = -1;
  private builtAt = 0;
  private dayEnd = Number.NEGATIVE_INFINITY;
  private readonly pools = new Map<string, MatchView[]>();
  private readonly entries = new Map<string, ListEntry>();
  private readonly leagueMeta = new Map<number, { order: number; hot: boolean }>();
  private readonly haystacks = new Map<number, string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: FeedClock & FeedViews & FeedChanges,
    private readonly realNow: () => number = () => performance.now(),
  ) {
    this.unsubscribe = feed.on(() => {
      this.version += 1;
    });
  }

  close(): void {
    this.unsubscribe();
  }

  /** Drops the snapshot when it no longer matches the feed. Called at the start of every read. */
  private refresh(): void {
    const simNow = this.feed.now();
    const real = this.realNow();
    let stale = this.version !== this.stamp || real - this.builtAt > MAX_AGE_MS;
    if (simNow > this.dayEnd) {
      this.dayEnd = dateRange('today', simNow, PLATFORM_TIME_ZONE).endTime;
      stale = true;
    }
    if (stale) {
      this.pools.clear();
      this.entries.clear();
      this.builtAt = real;
    }
    this.stamp = this.version;
  }

  /**
   * Reading a list can make the feed price a match for the first time, which it reports as an odds
   * change; those reports describe what was just read, so they must not invalidate it.
   */
  private settle(): void {
    this.stamp = this.version;
  }

  private pool(name: ListKind | 'feedToday' | 'feedEarly', lang: Lang): MatchView[] {
    const key = `${name}|${lang}`;
    let views = this.pools.get(key);
    if (views) return views;
    switch (name) {
      case 'inplay':
        views = this.feed.matches({ type: 'inplay' }, lang);
        break;
      case 'outright':
        views = this.feed.matches({ type: 'outright' }, lang);
        break;
      // The feed's own "today" is the next 24 hours; the platform's is the calendar day, a subset.
      case 'feedToday':
        views = this.feed.matches({ type: 'today' }, lang);
        break;
      case 'feedEarly':
        views = this.feed.matches({ type: 'early' }, lang);
        break;
      case 'today':
        views = this.pool('feedToday', lang).filter((v) => v.beginTime <= this.dayEnd);
        break;
      case 'early':
        views = [...this.pool('feedToday', lang).filter((v) => v.beginTime > this.dayEnd), ...this.pool('feedEarly', lang)];
        break;
      case 'todayAndInplay':
        views = [...this.pool('inplay', lang), ...this.pool('today', lang)];
        break;
      case 'all':
        views = [...this.pool('inplay', lang), ...this.pool('feedToday', lang), ...this.pool('feedEarly', lang)];
        break;
      case 'parlay':
        views = [];
        for (const v of this.pool('all', lang)) {
          const parlay = parlayView(v);
          if (parlay) views.push(parlay);
        }
        break;
    }
    this.pools.set(key, views);
    this.settle();
    return views;
  }

  private league(id: number): { order: number; hot: boolean } {
    let meta = this.leagueMeta.get(id);
    if (!meta) {
      const league = this.feed.league(id);
      meta = { order: league?.order ?? Number.MAX_SAFE_INTEGER, hot: league?.hot ?? false };
      this.leagueMeta.set(id, meta);
    }
    return meta;
  }

  private filtered(q: Omit<ListQuery, 'orderBy'>): MatchView[] {
    const sports = q.sportIds && !q.sportIds.includes(0) ? new Set(q.sportIds) : null;
    const leagues = q.leagueIds ? new Set(q.leagueIds) : null;
    const matches = q.matchIds ? new Set(q.matchIds) : null;
    const views = this.pool(q.kind, q.lang);
    if (!sports && !leagues && !matches) return views;
    return views.filter((v) => (!sports || sports.has(v.sportId)) && (!leagues || leagues.has(v.leagueInfo.id)) && (!matches || matches.has(v.matchId)));
  }

  private sorted(views: MatchView[], kind: ListKind, orderBy: number): MatchView[] {
    const keyed = views.map((v) => ({ v, sport: sportRank(v.sportId), league: this.league(v.leagueInfo.id).order, live: MIXED.has(kind) ? inPlayRank(v) : 0 }));
    keyed.sort((a, b) => {
      const first = a.live - b.live;
      if (first !== 0) return first;
      const byTime = a.v.beginTime - b.v.beginTime;
      const byLeague = a.sport - b.sport || a.league - b.league || a.v.leagueInfo.id - b.v.leagueInfo.id;
      const primary = orderBy === ORDER_BY.league ? byLeague || byTime : byTime || byLeague;
      return primary || a.v.matchId - b.v.matchId;
    });
    return keyed.map((k) => k.v);
  }

  private entry(q: ListQuery): ListEntry {
    this.refresh();
    const key = [q.kind, q.lang, q.orderBy, q.sportIds?.join(',') ?? '', q.leagueIds?.join(',') ?? '', q.matchIds?.join(',') ?? ''].join('|');
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      entry = { views: this.sorted(this.filtered(q), q.kind, q.orderBy), records: new Map(), pages: new Map() };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** The getList answer, the whole `{ code, msg, data }` body, serialised (and compressed) once per snapshot. */
  page(q: ListQuery, current: number, size: number, format: OddsFormat): PageBody {
    const entry = this.entry(q);
    const pageKey = `${format}|${current}|${size}`;
    let body = entry.pages.get(pageKey);
    if (body) return body;
    let records = entry.records.get(format);
    if (!records) {
      records = new Array<string | undefined>(entry.views.length);
      entry.records.set(format, records);
    }
    const total = entry.views.length;
    const from = Math.min((current - 1) * size, total);
    const to = Math.min(from + size, total);
    const parts: string[] = [];
    for (let i = from; i < to; i++) {
      let json = records[i];
      if (json === undefined) {
        json = JSON.stringify(wireMatch(entry.views[i] as MatchView, q.lang, format));
        records[i] = json;
      }
      parts.push(json);
    }
    const pageTotal = Math.ceil(total / size);
    body = new PageBody(
      Buffer.from(`{"code":0,"msg":"success","data":{"current":${current},"pageTotal":${pageTotal},"size":${size},"total":${total},"records":[${parts.join(',')}]}}`),
    );
    if (entry.pages.size >= MAX_PAGES_PER_ENTRY) entry.pages.clear();
    entry.pages.set(pageKey, body);
    return body;
  }

  /** Leagues with matches in a list, in sport order then league order. */
  leagues(kind: ListKind, lang: Lang, sportIds?: readonly number[]): WireLeague[] {
    this.refresh();
    const counts = new Map<number, { view: MatchView; count: number }>();
    for (const v of this.filtered({ kind, lang, sportIds })) {
      const seen = counts.get(v.leagueInfo.id);
      if (seen) seen.count += 1;
      else counts.set(v.leagueInfo.id, { view: v, count: 1 });
    }
    const out: WireLeague[] = [];
    for (const [id, { view, count }] of counts) {
      const meta = this.league(id);
      out.push({ id, name: view.leagueInfo.name, matchCount: count, logoUrl: view.leagueInfo.icon, order: meta.order, sportId: view.leagueInfo.sportId, hot: meta.hot });
    }
    return out.sort((a, b) => sportRank(a.sportId) - sportRank(b.sportId) || a.order - b.order || a.id - b.id);
  }

  /** Match count of a list, in total and per sport. */
  counts(kind: ListKind, lang: Lang): { count: number; sports: Map<number, number> } {
    this.refresh();
    const sports = new Map<number, number>();
    const views = this.pool(kind, lang);
    for (const v of views) sports.set(v.sportId, (sports.get(v.sportId) ?? 0) + 1);
    return { count: views.length, sports };
  }

  /** Every team and league name of a match in every language, in search form. */
  private haystack(v: MatchView): string {
    let text = this.haystacks.get(v.matchId);
    if (text === undefined) {
      const names: string[] = [v.matchInfo.homeName, v.matchInfo.awayName, v.leagueInfo.name];
      for (const named of [this.feed.team(v.matchInfo.homeId), this.feed.team(v.matchInfo.awayId), this.feed.league(v.leagueInfo.id)]) {
        if (named) names.push(...Object.values(named.name));
      }
      text = searchForm(names.join('\n'));
      if (this.haystacks.size >= MAX_HAYSTACKS) this.haystacks.clear();
      this.haystacks.set(v.matchId, text);
    }
    return text;
  }

  /**
   * In-play, today and early matches whose team or league name contains the text in any language,
   * at most `limit`: in-play first, then by kick-off, so a live match of any sport is never cut for
   * a later one. Grouped by sport in the spec's sport order. `offers`: the sports the merchant offers (the others are
   * left out before the limit, so they never take a place).
   */
  search(text: string, lang: Lang, limit: number, offers: (sportId: number) => boolean = () => true): Array<{ sportId: number; matches: MatchView[] }> {
    this.refresh();
    const needle = searchForm(text);
    const hits = this.pool('all', lang).filter((v) => offers(v.sportId) && this.haystack(v).includes(needle));
    hits.sort((a, b) => inPlayRank(a) - inPlayRank(b) || a.beginTime - b.beginTime || a.matchId - b.matchId);
    const groups = new Map<number, MatchView[]>();
    for (const v of hits.slice(0, limit)) {
      const group = groups.get(v.sportId);
      if (group) group.push(v);
      else groups.set(v.sportId, [v]);
    }
    return [...groups.entries()].sort(([a], [b]) => sportRank(a) - sportRank(b)).map(([sportId, matches]) => ({ sportId, matches }));
  }
}
