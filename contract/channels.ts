/**
 * The push channels' names. Apart from the schemas (push.ts) so that code which only subscribes does not pull every
 * push schema into the app's first download; the push client loads those when it starts.
 */
export const PushChannel = {
  score: (matchId: number) => `match:${matchId}:score`,
  odds: (matchId: number) => `match:${matchId}:odds`,
  matches: 'matches',
  footballTec: 'football:tec',
  footballEvent: 'football:js1',
  lineupStatus: 'lineup:status',
  maintenance: 'system:maintenance',
  /**
   * A member's own live notices (a booked room went live). Private: the hub delivers it only to a connection that
   * signed in as that member with `{ cmd: 'auth', token }` (docs/api.md "Push").
   */
  memberLive: (uid: number) => `member:${uid}:live`,
} as const;
