import { EconomyError, type VoteInfo } from '../../../../contract/economy';
import { EconomyChannel, type RoomEventPush } from '../../../../contract/economyPush';
import { ActivityKind } from '../../../../contract/enums';
import { optionsOf, refuse, statusOf, type EventRow, type EventsContext } from './context';
import type { LotteryDraw } from './lotteryDraw';

/** Vote counts go to the room at most this often while votes come in (simulated time would race at high FEED_SPEED). */
const VOTE_PUSH_MS = 1000;

/**
 * The live lottery (spec 001 section 4, kind 1): members enter by voting for one of its options (live/lottery/vote/
 * submitInfo, vote/info), every voter is drawn from (lotteryDraw.ts). The room hears the vote counts as they come in,
 * at most once a VOTE_PUSH_MS per lottery (its timers are this module's), and the final counts before the winners.
 */
export function createLiveLottery(ctx: EventsContext, lottery: LotteryDraw) {
  const { now, hub, log } = ctx;
  const voteTimers = new Map<number, NodeJS.Timeout>();

  async function publishVotes(row: EventRow, final: boolean): Promise<void> {
    const options = await lottery.voteCounts(Number(row.id), optionsOf(row).length);
    hub.publish(EconomyChannel.room(Number(row.room_id)), {
      kind: 'voteResults',
      roomId: Number(row.room_id),
      recordId: Number(row.id),
      options,
      total: options.reduce((sum, o) => sum + o.votes, 0),
      final,
    } satisfies RoomEventPush);
  }

  /** The counts of a vote's answer and of vote/info: each option with its text, and the total. */
  async function countsOf(recordId: number, texts: readonly string[]) {
    const options = await lottery.voteCounts(recordId, texts.length);
    return { options: options.map((o) => ({ ...o, text: texts[o.option]! })), total: options.reduce((sum, o) => sum + o.votes, 0) };
  }

  return {
    kind: lottery.kind({
      async beforeDrawn(row) {
        const recordId = Number(row.id);
        clearTimeout(voteTimers.get(recordId));
        voteTimers.delete(recordId);
        await publishVotes(row, true);
      },
    }),

    stop(): void {
      for (const timer of voteTimers.values()) clearTimeout(timer);
      voteTimers.clear();
    },

    async voteInfo(roomId: number, memberId: number): Promise<VoteInfo | null> {
      const row = await ctx.currentOf(roomId, [ActivityKind.LiveLottery]);
      if (!row) return null;
      const { options, total } = await countsOf(Number(row.id), optionsOf(row));
      const mine = await lottery.entryOf(Number(row.id), memberId);
      return {
        recordId: Number(row.id),
        roomId,
        status: statusOf(row),
        question: row.question,
        options,
        total,
        myVote: mine ? mine.choice : null,
        endTime: Number(row.end_time),
        now: now(),
      };
    },

    /** Enters a live lottery with a vote: once per member, while it is open, for one of its options. */
    async vote(memberId: number, roomId: number, recordId: number, choice: number) {
      const row = await ctx.eventOf(recordId, roomId, [ActivityKind.LiveLottery]);
      ctx.requireOpen(row);
      const texts = optionsOf(row);
      if (choice >= texts.length) throw refuse(422, EconomyError.BadOption, `voteResult: expected an option 0-${texts.length - 1}, got ${choice}`);
      await lottery.enter(row, memberId, choice);
      if (!voteTimers.has(recordId)) {
        const timer = setTimeout(() => {
          voteTimers.delete(recordId);
          void publishVotes(row, false).catch((error: unknown) => log.error({ err: error }, 'vote counts not published'));
        }, VOTE_PUSH_MS);
        timer.unref?.();
        voteTimers.set(recordId, timer);
      }
      return { recordId, voteResult: choice, ...(await countsOf(recordId, texts)) };
    },
  };
}
