/**
 * Who serves, as the match screen's scoreboard and the match tracker both show it: the feed's `serveIn` field
 * (1 home, 2 away, 0 unknown or not a serving sport), and only while the match is in play. One rule in one place,
 * so the two markers on one screen cannot disagree (the tracker once guessed the serve from point and game events
 * and missed the feed's tie-break rotation).
 */
export function servingSide(serveIn: number, inPlay: boolean): 1 | 2 | undefined {
  if (!inPlay) return undefined;
  return serveIn === 1 || serveIn === 2 ? serveIn : undefined;
}
