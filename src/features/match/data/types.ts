/** What the match-detail screen gives every data panel. */
export interface MatchDataPanelProps {
  matchId: number;
  /** Scheme A: football 1, basketball 3, e-football 177, e-basketball 178, ... */
  sportId: number;
  /** Team names for column headers and labels; "Home" and "Away" when left out. */
  homeName?: string;
  awayName?: string;
}

export interface TeamNames {
  home: string;
  away: string;
}
