import {
  TECHNIC_KEYS,
  type BasketballTechnic,
  type FootballInfo,
  type StatRow,
  type Technic,
} from '../../../../contract/matchData';
import { periodTable, PE_TOTAL, Tyg, type Lang, type MatchView, type StatItem, type Weather } from '../../feed';

export function statRows(items: readonly StatItem[], lang: Lang): StatRow[] {
  return items.map((s) => ({ key: s.key, name: s.name[lang], home: s.home, away: s.away }));
}

export function basketballTechnic(view: MatchView, items: readonly StatItem[], lang: Lang): BasketballTechnic {
  const periods = periodTable(view.sportId);
  return {
    matchId: view.matchId,
    matchStatus: view.matchStatus,
    period: view.matchInfo.period,
    homeScore: view.matchInfo.homeScore,
    awayScore: view.matchInfo.awayScore,
    sections: view.score
      .filter((row) => row.tyg === Tyg.Goals && row.pe !== PE_TOTAL)
      .sort((a, b) => a.pe - b.pe)
      .map((row) => ({ period: row.pe, name: periods.name(row.pe)[lang], home: row.home, away: row.away })),
    stats: statRows(items, lang),
  };
}

export function footballInfo(view: MatchView, weather: Weather | undefined, items: readonly StatItem[], lang: Lang): FootballInfo {
  const byKey = new Map(items.map((s) => [s.key, s]));
  const technic =
    items.length === 0
      ? null
      : (Object.fromEntries(TECHNIC_KEYS.map((k) => [k, { home: byKey.get(k)?.home ?? 0, away: byKey.get(k)?.away ?? 0 }])) as Technic);
  return {
    matchId: view.matchId,
    weather: weather ? { ...weather, weather: weather.weather[lang] } : null,
    technic,
    stats: statRows(items, lang),
  };
}
