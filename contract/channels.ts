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
  /**
   * A member's cash-out offers as prices move (issue 33): each of their open bets' offer when it changes, at most once
   * per bet per second. Private like memberLive.
   */
  memberCashOut: (uid: number) => `member:${uid}:cashOut`,
} as const;

/**
 * Who may subscribe to a channel over `/push` (issue 29): every channel family is listed here, next to the names, and
 * the hub checks every `sub` frame against it. A channel no family matches is refused.
 * - `public`: anyone, visitors included;
 * - `own`: only a connection signed in (its `auth` frame) as the member the channel belongs to;
 * - `room`: anyone who may see the live room: everyone for a normal room, only members granted an exclusive or agent
 *   room (their special rooms) for those;
 * - `chat`: not over `/push` at all: the chat socket (`/chat`) subscribes its own clients after its own checks
 *   (the room's visibility, mutes, blocks).
 */
export type ChannelAccess = { kind: 'public' } | { kind: 'own'; memberId: number } | { kind: 'room'; roomId: number } | { kind: 'chat' };

const ID = '(\\d{1,15})';
const CHANNEL_FAMILIES: ReadonlyArray<{ pattern: RegExp; access: (id: number) => ChannelAccess }> = [
  // PushChannel.score, PushChannel.odds
  { pattern: new RegExp(`^match:${ID}:(?:score|odds)$`), access: () => ({ kind: 'public' }) },
  // PushChannel.matches, footballTec, footballEvent, lineupStatus, maintenance
  { pattern: /^(?:matches|football:tec|football:js1|lineup:status|system:maintenance)$/, access: () => ({ kind: 'public' }) },
  // PushChannel.memberLive, memberCashOut; EconomyChannel.memberCoins (contract/economyCodes.ts)
  { pattern: new RegExp(`^member:${ID}:(?:live|coins|cashOut)$`), access: (memberId) => ({ kind: 'own', memberId }) },
  // EconomyChannel.room: a room's gifts, rains and lotteries
  { pattern: new RegExp(`^live:room:${ID}$`), access: (roomId) => ({ kind: 'room', roomId }) },
  // chatRoomChannel, chatMemberChannel (contract/chat.ts)
  { pattern: new RegExp(`^chat:(?:room|member):${ID}$`), access: () => ({ kind: 'chat' }) },
];

/** Who may subscribe to `chId` over `/push`; undefined for a name no channel family has. */
export function channelAccess(chId: string): ChannelAccess | undefined {
  for (const family of CHANNEL_FAMILIES) {
    const match = family.pattern.exec(chId);
    if (match) return family.access(Number(match[1] ?? 0));
  }
  return undefined;
}
