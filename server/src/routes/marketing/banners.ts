import type { Banner } from '../../../../contract/marketing';
import type { WireLeague } from '../../../../contract/match';
import type { FeedViews, Lang, MatchView } from '../../feed';
import { getStaticList } from '../../static/staticList';
import { crestGroup, escapeXml, leagueCrestInput, safeColor } from '../media/crest';

/**
 * Banners made from the feed: what is hot, featured and live right now, each with SVG artwork in
 * the request language. The same feed state always gives the same rows and images.
 *
 * Categories (the spec's `categoryId`; its values are the platform's):
 *
 * | id | scope        | rows                                                                                  |
 * |----|--------------|---------------------------------------------------------------------------------------|
 * | 1  | home top     | "hot matches" (up to 3 images, one per match of a hot league, live first), then the featured league (its artwork and up to 2 of its next matches) |
 * | 2  | sports list  | the featured league of football and of basketball, one image each                     |
 * | 3  | live room    | up to 3 live matches with video, one row (and image) per match                        |
 */
export const BANNER_CATEGORIES = { homeTop: 1, sportsList: 2, liveRoom: 3 } as const;

export type Plat = 'pc' | 'h5';

type Words = Record<Lang, string>;

const WORDS = {
  hotMatches: { CMN: '热门赛事', 'zh-TW': '熱門賽事', ENG: 'Hot Matches', VIE: 'Trận đấu nổi bật', THA: 'แมตช์ยอดนิยม' },
  featured: { CMN: '焦点联赛：{league}', 'zh-TW': '焦點聯賽：{league}', ENG: 'Featured: {league}', VIE: 'Tâm điểm: {league}', THA: 'ไฮไลต์: {league}' },
  featuredLeague: { CMN: '焦点联赛', 'zh-TW': '焦點聯賽', ENG: 'Featured League', VIE: 'Giải đấu tâm điểm', THA: 'ลีกไฮไลต์' },
  liveNow: { CMN: '正在直播：{home} vs {away}', 'zh-TW': '正在直播：{home} vs {away}', ENG: 'Live now: {home} vs {away}', VIE: 'Đang trực tiếp: {home} vs {away}', THA: 'กำลังถ่ายทอดสด: {home} vs {away}' },
} satisfies Record<string, Words>;

function say(words: Words, lang: Lang, params: Record<string, string> = {}): string {
  return words[lang].replace(/\{(\w+)\}/g, (all, key: string) => params[key] ?? all);
}

export function matchImage(matchId: number, lang: Lang, plat: Plat): string {
  return `/api/banner/image/match-${matchId}.svg?language=${encodeURIComponent(lang)}&plat=${plat}`;
}

export function leagueImage(leagueId: number, lang: Lang, plat: Plat): string {
  return `/api/banner/image/league-${leagueId}.svg?language=${encodeURIComponent(lang)}&plat=${plat}`;
}

/** The hot league of a sport (or of all) with the most matches listed now; the feed's order breaks ties. */
function featuredLeague(leagues: readonly WireLeague[], sportId?: number): WireLeague | undefined {
  let best: WireLeague | undefined;
  for (const l of leagues) {
    if (!l.hot || l.matchCount === 0 || (sportId !== undefined && l.sportId !== sportId)) continue;
    if (!best || l.matchCount > best.matchCount) best = l;
  }
  return best;
}

interface Context {
  feed: FeedViews;
  lang: Lang;
  plat: Plat;
  /** Leagues of the sports the merchant offers only: every banner is built from them or checks `offers`. */
  leagues: WireLeague[];
  /** Whether the request's merchant offers a sport (scheme A). */
  offers(sportId: number): boolean;
}

/** Live matches first, then the soonest: the feed's list order. */
function hotMatches(c: Context, leagueIds: number[], count: number): MatchView[] {
  if (leagueIds.length === 0) return [];
  const live = c.feed.matches({ type: 'inplay', leagueIds }, c.lang);
  const out = live.slice(0, count);
  if (out.length < count) out.push(...c.feed.matches({ type: 'today', leagueIds }, c.lang).slice(0, count - out.length));
  return out;
}

function row(categoryId: number, sort: number, images: string[], link: string, title: string): Banner {
  return { id: categoryId * 100 + sort, categoryId, images: images.join(','), link, title, sort };
}

function leagueLink(l: WireLeague): string {
  return `/newSport?sportId=${l.sportId}&leagueId=${l.id}`;
}

function homeTop(c: Context): Banner[] {
  const rows: Banner[] = [];
  const hot = hotMatches(c, c.leagues.filter((l) => l.hot).map((l) => l.id), 3);
  if (hot.length > 0) rows.push(row(1, rows.length + 1, hot.map((m) => matchImage(m.matchId, c.lang, c.plat)), '/newSport?view=hot', say(WORDS.hotMatches, c.lang)));
  // Football's featured league when it has one: the home page leads with the main sport.
  const league = featuredLeague(c.leagues, 1) ?? featuredLeague(c.leagues);
  if (league) {
    const next = hotMatches(c, [league.id], 2);
    const images = [leagueImage(league.id, c.lang, c.plat), ...next.map((m) => matchImage(m.matchId, c.lang, c.plat))];
    rows.push(row(1, rows.length + 1, images, leagueLink(league), say(WORDS.featured, c.lang, { league: league.name })));
  }
  return rows;
}

function sportsList(c: Context): Banner[] {
  const rows: Banner[] = [];
  for (const sportId of [1, 3]) {
    const league = featuredLeague(c.leagues, sportId);
    if (league) rows.push(row(2, rows.length + 1, [leagueImage(league.id, c.lang, c.plat)], leagueLink(league), say(WORDS.featured, c.lang, { league: league.name })));
  }
  return rows;
}

function liveRoom(c: Context): Banner[] {
  const hotIds = new Set(c.leagues.filter((l) => l.hot).map((l) => l.id));
  const withVideo = c.feed.matches({ type: 'inplay' }, c.lang).filter((m) => m.media.videos.length > 0 && c.offers(m.sportId));
  // Hot leagues first, each group in the feed's order (Array.prototype.sort is stable).
  const chosen = withVideo.sort((a, b) => Number(hotIds.has(b.leagueInfo.id)) - Number(hotIds.has(a.leagueInfo.id))).slice(0, 3);
  return chosen.map((m, i) =>
    row(3, i + 1, [matchImage(m.matchId, c.lang, c.plat)], `/newSport?matchId=${m.matchId}`, say(WORDS.liveNow, c.lang, { home: m.matchInfo.homeName, away: m.matchInfo.awayName })),
  );
}

const BUILDERS: Record<number, (c: Context) => Banner[]> = {
  [BANNER_CATEGORIES.homeTop]: homeTop,
  [BANNER_CATEGORIES.sportsList]: sportsList,
  [BANNER_CATEGORIES.liveRoom]: liveRoom,
};

/**
 * Banners of the categories asked for, in that order; a category without banners (or unknown) adds none. `offers`: the
 * sports the request's merchant offers; no banner shows or links to a match or league of another.
 */
export function bannersOf(feed: FeedViews, categoryIds: readonly number[], lang: Lang, plat: Plat, offers: (sportId: number) => boolean = () => true): Banner[] {
  const c: Context = { feed, lang, plat, leagues: feed.leagues({}, lang).filter((l) => offers(l.sportId)), offers };
  return [...new Set(categoryIds)].flatMap((id) => BUILDERS[id]?.(c) ?? []);
}

// ---- artwork ----

const SIZES: Record<Plat, { width: number; height: number }> = { pc: { width: 1200, height: 300 }, h5: { width: 750, height: 300 } };

/** Long names are cut (by code point, so no character is split) to keep the layout. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

function label(x: number, y: number, size: number, fill: string, content: string, weight = 700): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="Arial, Helvetica, 'PingFang SC', 'Microsoft YaHei', sans-serif" font-weight="${weight}" font-size="${size}" fill="${fill}">${escapeXml(content)}</text>`;
}

function frame(plat: Plat, title: string, from: string, to: string, body: string): string {
  const { width, height } = SIZES[plat];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${safeColor(from, '#333333')}"/><stop offset="1" stop-color="${safeColor(to, '#333333')}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="#000000" fill-opacity="0.35"/>` +
    body +
    '</svg>'
  );
}

function crestAt(x: number, y: number, size: number, group: string): string {
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})">${group}</g>`;
}

function sportName(sportId: number, lang: Lang): string {
  return getStaticList(lang).sports.find((s) => s.id === sportId)?.name ?? '';
}

/** A match banner: league and sport on top, the two crests and names around "VS". */
export function matchBannerSvg(feed: FeedViews, matchId: number, lang: Lang, plat: Plat): string | undefined {
  const view = feed.match(matchId, lang);
  if (!view || view.isOutright) return undefined;
  const home = feed.team(view.matchInfo.homeId);
  const away = feed.team(view.matchInfo.awayId);
  if (!home || !away) return undefined;
  const { width, height } = SIZES[plat];
  const side = plat === 'pc' ? 260 : 150;
  const crest = plat === 'pc' ? 140 : 110;
  const nameMax = plat === 'pc' ? 22 : 12;
  const title = `${view.leagueInfo.name}: ${view.matchInfo.homeName} vs ${view.matchInfo.awayName}`;
  const body =
    label(width / 2, 48, 28, '#ffffff', clip(view.leagueInfo.name, 40)) +
    label(width / 2, 80, 18, '#e0e0e0', sportName(view.sportId, lang), 400) +
    crestAt(side, height / 2 + 10, crest, crestGroup({ seed: home.logo.seed, colors: home.logo.colors, name: home.name.ENG }, 'home')) +
    crestAt(width - side, height / 2 + 10, crest, crestGroup({ seed: away.logo.seed, colors: away.logo.colors, name: away.name.ENG }, 'away')) +
    label(side, height - 30, 26, '#ffffff', clip(view.matchInfo.homeName, nameMax)) +
    label(width - side, height - 30, 26, '#ffffff', clip(view.matchInfo.awayName, nameMax)) +
    label(width / 2, height / 2 + 28, 72, '#ffffff', 'VS');
  return frame(plat, title, home.logo.colors[0], away.logo.colors[0], body);
}

/** A league banner: its crest, name and sport, and the crests of its first teams. */
export function leagueBannerSvg(feed: FeedViews, leagueId: number, lang: Lang, plat: Plat): string | undefined {
  const league = feed.league(leagueId);
  if (!league) return undefined;
  const { width, height } = SIZES[plat];
  const input = leagueCrestInput(league.id, league.name.ENG);
  const name = league.name[lang];
  const textX = plat === 'pc' ? 520 : width / 2 + 80;
  const teams = league.teamIds.slice(0, plat === 'pc' ? 4 : 0).flatMap((id) => feed.team(id) ?? []);
  const body =
    crestAt(plat === 'pc' ? 150 : 130, height / 2, 180, crestGroup(input, 'league')) +
    label(textX, 110, 22, '#ffffff', say(WORDS.featuredLeague, lang), 400) +
    label(textX, 160, plat === 'pc' ? 44 : 32, '#ffffff', clip(name, plat === 'pc' ? 22 : 14)) +
    label(textX, 205, 22, '#e0e0e0', sportName(league.sportId, lang), 400) +
    teams.map((t, i) => crestAt(850 + i * 90, height / 2, 76, crestGroup({ seed: t.logo.seed, colors: t.logo.colors, name: t.name.ENG }, `team${i}`))).join('');
  return frame(plat, name, input.colors[0], input.colors[1], body);
}
