import { z } from 'zod';
import type { FutureRow, HistoryData, Lang, ScheduleRow } from '../../feed';

/** The spec's schedule row, names in the request language. */
const scheduleRowSchema = z.object({
  homeName: z.string(),
  awayName: z.string(),
  matchTime: z.number().int().describe('start, epoch ms'),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  homeHalfScore: z.number().int(),
  awayHalfScore: z.number().int(),
  homeLogo: z.string(),
  awayLogo: z.string(),
  isHome: z.boolean().describe('whether the team the list is about played at home'),
  status: z.enum(['win', 'draw', 'lose']).describe('for that team (head-to-head: for the current home team)'),
  league: z.string(),
});

const futureRowSchema = z.object({
  matchId: z.number().int(),
  homeName: z.string(),
  awayName: z.string(),
  matchTime: z.number().int(),
  homeLogo: z.string(),
  awayLogo: z.string(),
  isHome: z.boolean(),
  league: z.string(),
});

const rankingRowSchema = z.object({
  rank: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  points: z.number().int(),
});

const bands = z.array(z.number().int()).describe('per 15-minute band: 0-15, 15-30, 30-45, 45-60, 60-75, 75-90');
const sideGoals = z.object({ scored: bands, conceded: bands });

export const historySchema = z.object({
  matchId: z.number().int(),
  historyMatch: z.array(scheduleRowSchema).describe('head-to-head, newest first'),
  homeLastMatch: z.array(scheduleRowSchema).describe("the home team's recent matches, newest first"),
  awayLastMatch: z.array(scheduleRowSchema),
  leagueRanking: z.array(rankingRowSchema),
  homeFutureMatch: z.array(futureRowSchema).describe("the home team's next matches (up to 5), soonest first"),
  awayFutureMatch: z.array(futureRowSchema),
  goalDist: z.object({ home: sideGoals, away: sideGoals }),
  injury: z.array(
    z.object({
      teamId: z.number().int(),
      side: z.enum(['home', 'away']),
      player: z.object({ id: z.number().int(), name: z.string(), number: z.number().int() }),
      reason: z.string(),
      expectedReturn: z.string(),
    }),
  ),
});

function scheduleRow(r: ScheduleRow, lang: Lang): z.output<typeof scheduleRowSchema> {
  return { ...r, homeName: r.homeName[lang], awayName: r.awayName[lang], league: r.league[lang] };
}

function futureRow(r: FutureRow, lang: Lang): z.output<typeof futureRowSchema> {
  return { ...r, homeName: r.homeName[lang], awayName: r.awayName[lang], league: r.league[lang] };
}

export function historyData(matchId: number, h: HistoryData, lang: Lang): z.output<typeof historySchema> {
  return {
    matchId,
    historyMatch: h.historyMatch.map((r) => scheduleRow(r, lang)),
    homeLastMatch: h.homeLastMatch.map((r) => scheduleRow(r, lang)),
    awayLastMatch: h.awayLastMatch.map((r) => scheduleRow(r, lang)),
    leagueRanking: h.leagueRanking.map((r) => ({ ...r, teamName: r.teamName[lang] })),
    homeFutureMatch: h.homeFutureMatch.map((r) => futureRow(r, lang)),
    awayFutureMatch: h.awayFutureMatch.map((r) => futureRow(r, lang)),
    goalDist: {
      home: { scored: [...h.goalDist.home.scored], conceded: [...h.goalDist.home.conceded] },
      away: { scored: [...h.goalDist.away.scored], conceded: [...h.goalDist.away.conceded] },
    },
    injury: h.injury.map((i) => ({
      teamId: i.teamId,
      side: i.side,
      player: { id: i.player.id, name: i.player.name[lang], number: i.player.number },
      reason: i.reason[lang],
      expectedReturn: i.expectedReturn[lang],
    })),
  };
}
