import { EconomyError, type ApprovalInfo } from '../../../../contract/economy';
import { ActivityKind, ActivityStatus } from '../../../../contract/enums';
import { mapText } from '../../feed/i18n';
import { optionsOf, refuse, statusOf, titleOf, type EventsContext } from './context';
import type { LotteryDraw } from './lotteryDraw';

/**
 * The answer lottery (spec 001 section 4, kind 4): when it opens it asks its question in the room's chat (a notice
 * whose message id the answers name), members enter by answering (live/lottery/approval/submitInfo, approval/info),
 * and only right answers are drawn (lotteryDraw.ts). Its counts stay hidden while it is open: they would tell the
 * answer away.
 */
export function createAnswerLottery(ctx: EventsContext, lottery: LotteryDraw) {
  const { db, now, chat } = ctx;

  return {
    kind: lottery.kind({
      async opened(row) {
        if (row.message_id !== null) return;
        const message = await chat.postNotice(Number(row.room_id), { type: 'answerLottery', recordId: Number(row.id), title: mapText((lang) => titleOf(row, lang)), question: row.question, options: optionsOf(row) });
        await db.updateTable('live_events').set({ message_id: message.id }).where('id', '=', row.id).execute();
      },
    }),

    async approvalInfo(roomId: number, memberId: number): Promise<ApprovalInfo | null> {
      const row = await ctx.currentOf(roomId, [ActivityKind.AnswerLottery]);
      if (!row) return null;
      const finished = row.status === ActivityStatus.Finished;
      const counts = await lottery.voteCounts(Number(row.id), optionsOf(row).length);
      const mine = await lottery.entryOf(Number(row.id), memberId);
      return {
        recordId: Number(row.id),
        roomId,
        matchId: Number(row.match_id),
        messageId: row.message_id ?? '',
        status: statusOf(row),
        question: row.question,
        options: optionsOf(row).map((o, option) => ({ option, text: o, votes: finished ? counts[option]!.votes : 0 })),
        myAnswer: mine ? mine.choice : null,
        answer: finished ? row.answer : null,
        endTime: Number(row.end_time),
        now: now(),
      };
    },

    /** Enters an answer lottery: the answer to the question the room's open answer lottery asked in `messageId`. */
    async approve(memberId: number, roomId: number, matchId: number, messageId: string, choice: number) {
      const row = await ctx.currentOf(roomId, [ActivityKind.AnswerLottery]);
      if (!row || row.message_id !== messageId) throw refuse(404, EconomyError.EventNotFound, `messageId: ${messageId} is not the question of an answer lottery in room ${roomId}`);
      if (Number(row.match_id) !== matchId) throw refuse(422, EconomyError.NotEligible, `matchId: the answer lottery is on match ${row.match_id}, got ${matchId}`);
      ctx.requireOpen(row);
      const texts = optionsOf(row);
      if (choice >= texts.length) throw refuse(422, EconomyError.BadOption, `approvalResult: expected an answer 0-${texts.length - 1}, got ${choice}`);
      await lottery.enter(row, memberId, choice);
      return { recordId: Number(row.id), approvalResult: choice };
    },
  };
}
