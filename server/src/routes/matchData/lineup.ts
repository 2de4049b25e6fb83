import { z } from 'zod';
import type { Feed, Lang, LineupPlayer } from '../../feed';

const playerSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  position: z.string().describe('football G/D/M/F, basketball PG/SG/SF/PF/C'),
});

const incidentSchema = z.object({
  type: z.number().int().describe('football event type: 3 yellow, 4 red, 9 substitution, 15 two yellows to red'),
  second: z.number().int().describe('match clock seconds'),
  team: z.enum(['home', 'away']),
  playerId: z.number().int().describe('the booked player, or the player coming on'),
  relatedPlayerId: z.number().int().optional().describe('substitution: the player going off'),
});

export const lineupSchema = z.object({
  matchId: z.number().int(),
  published: z.boolean().describe('false until the line-ups are announced (an hour before the start); the lists are empty until then'),
  homeLine: z.array(playerSchema).describe('starters: 11 in football, 5 in basketball'),
  homeBackup: z.array(playerSchema),
  awayLine: z.array(playerSchema),
  awayBackup: z.array(playerSchema),
  homeFormation: z.array(z.number().int()).describe('outfield lines from defence to attack, e.g. [4, 3, 3]; empty in basketball'),
  awayFormation: z.array(z.number().int()),
  incidentArr: z.array(incidentSchema),
  logoArr: z.object({ home: z.string(), away: z.string() }),
});
export type LineupData = z.output<typeof lineupSchema>;

function player(p: LineupPlayer, lang: Lang) {
  return { id: p.id, number: p.number, name: p.name[lang], position: p.position };
}

/** The line-up of a match in a language; unpublished line-ups answer empty lists with the teams' logos. */
export function lineupData(feed: Feed, matchId: number, lang: Lang, logos: { home: string; away: string }): LineupData {
  const lineup = feed.lineup(matchId);
  if (!lineup) {
    return { matchId, published: false, homeLine: [], homeBackup: [], awayLine: [], awayBackup: [], homeFormation: [], awayFormation: [], incidentArr: [], logoArr: logos };
  }
  return {
    matchId,
    published: true,
    homeLine: lineup.homeLine.map((p) => player(p, lang)),
    homeBackup: lineup.homeBackup.map((p) => player(p, lang)),
    awayLine: lineup.awayLine.map((p) => player(p, lang)),
    awayBackup: lineup.awayBackup.map((p) => player(p, lang)),
    homeFormation: [...lineup.homeFormation],
    awayFormation: [...lineup.awayFormation],
    incidentArr: lineup.incidentArr.map((i) => ({ ...i })),
    logoArr: { ...lineup.logoArr },
  };
}
