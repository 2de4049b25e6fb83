import { z } from 'zod';
import { periodTable, PE_TOTAL, Tyg, type Lang, type MatchView, type StatItem, type Weather } from '../../feed';

export const statRowSchema = z.object({
  key: z.string().describe('stable key, e.g. possession, corners, rebounds'),
  name: z.string().describe('the label in the request language'),
  home: z.number(),
  away: z.number(),
});

export function statRows(items: readonly StatItem[], lang: Lang): Array<z.output<typeof statRowSchema>> {
  return items.map((s) => ({ key: s.key, name: s.name[lang], home: s.home, away: s.away }));
}

const pair = z.object({ home: z.number(), away: z.number() });

export const basketballTechnicSchema = z.object({
  matchId: z.number().int(),
  matchStatus: z.number().int(),
  period: z.number().int().describe('basketball match period id (staticList matchPeriod, sport 3)'),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  sections: z
    .array(z.object({ period: z.number().int(), name: z.string(), home: z.number().int(), away: z.number().int() }))
    .describe('points per quarter, half or overtime played so far'),
  stats: z.array(statRowSchema).describe('empty before the start'),
});

export function basketballTechnic(view: MatchView, items: readonly StatItem[], lang: Lang): z.output<typeof basketballTechnicSchema> {
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

const weatherSchema = z.object({
  temperature: z.number().describe('°C'),
  wind: z.number().describe('m/s'),
  pressure: z.number().describe('hPa'),
  humidity: z.number().describe('%'),
  weather: z.string().describe('the conditions in the request language'),
  weather_image: z.string().describe('icon key: sunny, partly-cloudy, overcast, light-rain, rain, thunderstorm, fog, snow'),
  weather_id: z.number().int(),
});

/** The live technical statistics the spec names for football. */
const TECHNIC_KEYS = ['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners', 'yellowCards', 'redCards'] as const;

export const footballInfoSchema = z.object({
  matchId: z.number().int(),
  weather: weatherSchema.nullable().describe('null for e-football (no venue)'),
  technic: z
    .object(Object.fromEntries(TECHNIC_KEYS.map((k) => [k, pair])) as Record<(typeof TECHNIC_KEYS)[number], typeof pair>)
    .nullable()
    .describe('possession in %, the rest are counts; null before the start'),
  stats: z.array(statRowSchema).describe('every statistic the feed keeps, labelled; empty before the start'),
});

export function footballInfo(view: MatchView, weather: Weather | undefined, items: readonly StatItem[], lang: Lang): z.output<typeof footballInfoSchema> {
  const byKey = new Map(items.map((s) => [s.key, s]));
  const technic =
    items.length === 0
      ? null
      : (Object.fromEntries(TECHNIC_KEYS.map((k) => [k, { home: byKey.get(k)?.home ?? 0, away: byKey.get(k)?.away ?? 0 }])) as Record<(typeof TECHNIC_KEYS)[number], z.output<typeof pair>>);
  return {
    matchId: view.matchId,
    weather: weather ? { ...weather, weather: weather.weather[lang] } : null,
    technic,
    stats: statRows(items, lang),
  };
}
