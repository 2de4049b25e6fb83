import { ActivityKind } from '../../../../contract/enums';
import { createAnswerLottery } from './answerLottery';
import { createEventsContext, type EventsDeps } from './context';
import { createLifecycle } from './lifecycle';
import { createLiveLottery } from './liveLottery';
import { createLotteryDraw } from './lotteryDraw';
import { createRedEnvelopeRain } from './redEnvelopeRain';

/**
 * Room events (spec 001 sections 3 and 4: kinds 1, 3, 4; states 0, 1, 2): red-envelope rains, live lotteries (members
 * enter by voting) and answer lotteries (members enter by answering; only right answers are drawn). Each kind is a
 * module of its own (redEnvelopeRain.ts with rainReceive.ts, liveLottery.ts, answerLottery.ts, the two lotteries'
 * draw in lotteryDraw.ts); what every event goes through, announced, opened, finished with its seed revealed, is
 * lifecycle.ts, over the shared context of context.ts. This puts them together as the economy's `events`.
 */
export function createEvents(deps: EventsDeps) {
  const ctx = createEventsContext(deps);
  const lottery = createLotteryDraw(ctx);
  const liveLottery = createLiveLottery(ctx, lottery);
  const answerLottery = createAnswerLottery(ctx, lottery);
  // A rain whose last envelope was taken finishes at once, in the lifecycle's line of jobs (made just below).
  const rain = createRedEnvelopeRain(ctx, { emptied: (row) => lifecycle.finishSoon('rain emptied', row) });
  const lifecycle = createLifecycle(ctx, {
    [ActivityKind.LiveLottery]: liveLottery.kind,
    [ActivityKind.RedEnvelopeRain]: rain.kind,
    [ActivityKind.AnswerLottery]: answerLottery.kind,
  });

  return {
    tick: lifecycle.tick,
    idle: lifecycle.idle,
    stop: liveLottery.stop,
    start: lifecycle.start,
    activities: lifecycle.activities,
    proof: lifecycle.proof,
    redEnvelope: rain.redEnvelope,
    receive: rain.receive,
    lotteryInfo: lottery.info,
    win: lottery.win,
    winList: lottery.winList,
    voteInfo: liveLottery.voteInfo,
    vote: liveLottery.vote,
    approvalInfo: answerLottery.approvalInfo,
    approve: answerLottery.approve,
  };
}

export type Events = ReturnType<typeof createEvents>;
