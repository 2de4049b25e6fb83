import type { LineupData } from '../../../../contract/matchData';
import type { FeedMatchData, Lang, LineupPlayer } from '../../feed';

function player(p: LineupPlayer, lang: Lang) {
  return { id: p.id, number: p.number, name: p.name[lang], position: p.position };
}

/** The line-up of a match in a language; unpublished line-ups answer empty lists with the teams' logos. */
export function lineupData(feed: FeedMatchData, matchId: number, lang: Lang, logos: { home: string; away: string }): LineupData {
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
