import { z } from 'zod';
import { DECIMAL_STRING, Money } from '../money';
import { TITLE_CATALOGUE } from '../live/titles';
import { ANCHOR_ROSTER } from '../live/roster';
import { expecting } from '../validation/issues';

/**
 * The `economy` section of config/platform.json (docs/config.md "Coins, gifts and room events"): the coin rate, the
 * daily limits, the gift catalogue, coupon lifetime, and the events run in rooms by schedule and at half-time. Every
 * field has a default, so a file without the section starts with the defaults below.
 */

const coins = (what: string) =>
  z
    .string({ error: expecting(`${what}: a decimal string with at most 2 decimals like "100.00"`) })
    .regex(DECIMAL_STRING, { error: expecting(`${what}: a decimal string like "100.00"`) })
    .refine((v) => new Money(v).decimalPlaces() <= 2 && new Money(v).greaterThan(0), { error: expecting(`${what}: above 0 with at most 2 decimals`) });

const name = z.strictObject({ CMN: z.string().min(1).max(40), 'zh-TW': z.string().min(1).max(40), ENG: z.string().min(1).max(40), VIE: z.string().min(1).max(40), THA: z.string().min(1).max(40) });

const giftSchema = z.strictObject({
  giftId: z.number().int().min(1).max(2_147_483_647),
  name,
  price: coins('a gift price in coins'),
  /** The stage animation the app plays (contract giftSchema.animation). */
  animation: z.enum(['float', 'burst', 'fullscreen']),
  /** The icon: a glyph on a coloured disc (served as SVG by the gift icon route). */
  glyph: z.string().min(1).max(4),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: expecting('a colour like "#e0245e"') }),
  sort: z.number().int().min(0).max(10_000),
});

const rewardSchema = z
  .strictObject({
    /** RewardType: 1 cash coupon, 2 deposit coupon, 3 flow coupon, 4 title, 5 coin. */
    type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: expecting('a reward type 1-5') }),
    /** Coins (type 5) or the coupon's value in CNY, converted to the winner's currency (types 1-3). */
    amount: coins('a reward amount').optional(),
    /** The title won (type 4): an id of the title catalogue. */
    titleId: z.number().int().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.type === 4) {
      if (r.titleId === undefined || !TITLE_CATALOGUE.some((t) => t.id === r.titleId)) {
        ctx.addIssue({ code: 'custom', path: ['titleId'], message: `expected a title id of the catalogue (${TITLE_CATALOGUE.map((t) => t.id).join(', ')}), got ${String(r.titleId)}` });
      }
    } else if (r.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'missing, expected the amount of the reward (coins, or CNY for a coupon)' });
  });

/** What an event is, whoever starts it (schedule, half-time or the operator route). */
const eventTemplateShape = {
  kind: z.union([z.literal(1), z.literal(3), z.literal(4)], { error: expecting('an event kind: 1 live lottery, 3 red-envelope rain, 4 answer lottery') }),
  title: z.string().min(1).max(80).optional(),
  /** Simulated seconds between the announcement (the floating ball's countdown) and the opening. */
  countdownSeconds: z.number().int().min(0).max(3600).default(10),
  /** Simulated seconds it stays open; a lottery is drawn when it closes. */
  durationSeconds: z.number().int().min(5).max(86_400).default(60),
  /** Rain: coins split over `envelopes`, at least 0.01 each. */
  budget: coins('a rain budget in coins').optional(),
  envelopes: z.number().int().min(1).max(100_000).optional(),
  /** Lotteries: winners drawn and what each wins. */
  winners: z.number().int().min(1).max(1000).optional(),
  reward: rewardSchema.optional(),
  /** Live lottery: the vote's question and options; answer lottery: the question, options and the right one. */
  question: z.string().min(1).max(200).optional(),
  options: z.array(z.string().min(1).max(60)).min(2).max(10).optional(),
  answer: z.number().int().min(0).max(9).optional(),
};

/** The rules an event template must meet beyond its fields' own (shared by the config and the operator route). */
export function templateProblems(t: { kind: number; budget?: string | undefined; envelopes?: number | undefined; winners?: number | undefined; reward?: unknown; question?: string | undefined; options?: readonly string[] | undefined; answer?: number | undefined }): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  if (t.kind === 3) {
    if (t.budget === undefined) problems.push({ path: 'budget', message: 'missing, expected the coins a rain splits' });
    if (t.envelopes === undefined) problems.push({ path: 'envelopes', message: 'missing, expected how many envelopes a rain has' });
    if (t.budget !== undefined && t.envelopes !== undefined && new Money(t.budget).times(100).lessThan(t.envelopes)) {
      problems.push({ path: 'budget', message: `expected at least 0.01 coins per envelope (${t.envelopes} envelopes), got ${t.budget}` });
    }
  } else {
    if (t.winners === undefined) problems.push({ path: 'winners', message: 'missing, expected how many winners a lottery draws' });
    if (t.reward === undefined) problems.push({ path: 'reward', message: 'missing, expected what each winner gets' });
    if (t.question === undefined) problems.push({ path: 'question', message: 'missing, expected the question of the vote or answer lottery' });
    if (t.options === undefined) problems.push({ path: 'options', message: 'missing, expected 2-10 options' });
    if (t.kind === 4 && (t.answer === undefined || (t.options !== undefined && t.answer >= t.options.length))) {
      problems.push({ path: 'answer', message: `expected the index of the right option (0-${(t.options?.length ?? 2) - 1}), got ${String(t.answer)}` });
    }
  }
  return problems;
}

const checkTemplate = (t: Parameters<typeof templateProblems>[0], ctx: z.RefinementCtx) => {
  for (const p of templateProblems(t)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

const ROOM_IDS = ANCHOR_ROSTER.map((a) => a.liveRoomId);
const roomId = z.number().int().refine((id) => ROOM_IDS.includes(id), { error: (issue) => `expected a live room id of the roster (${ROOM_IDS.join(', ')}), got ${JSON.stringify(issue.input)}` });

const scheduleSchema = z
  .strictObject({
    ...eventTemplateShape,
    /** The rooms it runs in (liveRoomId); each runs it while its anchor has a broadcast. */
    rooms: z.array(roomId).min(1).max(100),
    /** One event every this many simulated minutes, counted from the epoch plus offsetMinutes. */
    everyMinutes: z.number().int().min(1).max(10_080),
    offsetMinutes: z.number().int().min(0).max(10_080).default(0),
  })
  .superRefine(checkTemplate);

/** An event as the operator route gives it (the request's fields, checked by the same rules as the config's). */
export const eventTemplateSchema = z.strictObject(eventTemplateShape).superRefine(checkTemplate);

const halfTimeSchema = z.strictObject({ ...eventTemplateShape, kind: z.literal(3, { error: expecting('3 (a rain at half-time)') }) }).superRefine(checkTemplate);

export const economyConfigSchema = z.strictObject({
  /** Coins one CNY of main balance buys; other currencies go through exchangeRates. */
  coinsPerCny: z
    .string()
    .regex(DECIMAL_STRING, { error: expecting('a decimal string like "1"') })
    .refine((v) => new Money(v).greaterThan(0), { error: expecting('a rate above 0') })
    .default('1'),
  /** Coins a member may spend on gifts and receive from red envelopes per UTC day. */
  dailyLimit: z.strictObject({ spend: coins('the daily spend limit'), receive: coins('the daily receive limit') }).default({ spend: '100000.00', receive: '10000.00' }),
  gifts: z
    .array(giftSchema)
    .min(1)
    .max(200)
    .superRefine((gifts, ctx) => {
      const seen = new Set<number>();
      gifts.forEach((g, i) => {
        if (seen.has(g.giftId)) ctx.addIssue({ code: 'custom', path: [i, 'giftId'], message: `expected a unique giftId, got ${g.giftId} twice` });
        seen.add(g.giftId);
      });
    })
    .optional(),
  /** A coupon won stays usable this many days. */
  couponDays: z.number().int().min(1).max(365).default(30),
  /** A flow coupon unlocks once the stake of bets settled since it was won reaches this many times its value. */
  flowCouponTurnover: z.number().int().min(1).max(100).default(5),
  /** A red envelope of at least this many coins goes on the room's win marquee. */
  marqueeCoins: coins('the marquee threshold').default('50.00'),
  /** How often (real ms) the event clock is checked: openings, draws and schedules. */
  tickMs: z.number().int().min(50).max(10_000).default(250),
  schedules: z.array(scheduleSchema).max(100).default([]),
  /** A rain in every room on air whose match reaches half-time; null for none. */
  halfTimeRain: halfTimeSchema.nullable().default(null),
});

export type EconomyConfig = z.output<typeof economyConfigSchema>;
export type GiftConfig = z.output<typeof giftSchema>;
export type ScheduleConfig = z.output<typeof scheduleSchema>;
export type RewardConfig = z.output<typeof rewardSchema>;
export type EventTemplate = Omit<ScheduleConfig, 'rooms' | 'everyMinutes' | 'offsetMinutes'>;

const n = (cmn: string, tw: string, eng: string, vie: string, tha: string) => ({ CMN: cmn, 'zh-TW': tw, ENG: eng, VIE: vie, THA: tha });

/** The catalogue when the config names none. */
export const DEFAULT_GIFTS: readonly GiftConfig[] = [
  { giftId: 1, name: n('玫瑰', '玫瑰', 'Rose', 'Hoa hồng', 'กุหลาบ'), price: '1.00', animation: 'float', glyph: '🌹', color: '#e0245e', sort: 1 },
  { giftId: 2, name: n('点赞', '點讚', 'Thumbs Up', 'Thích', 'ถูกใจ'), price: '2.00', animation: 'float', glyph: '👍', color: '#1d9bf0', sort: 2 },
  { giftId: 3, name: n('足球', '足球', 'Football', 'Bóng đá', 'ฟุตบอล'), price: '10.00', animation: 'burst', glyph: '⚽', color: '#00a36c', sort: 3 },
  { giftId: 4, name: n('奖杯', '獎盃', 'Trophy', 'Cúp', 'ถ้วยรางวัล'), price: '50.00', animation: 'burst', glyph: '🏆', color: '#f5a623', sort: 4 },
  { giftId: 5, name: n('火箭', '火箭', 'Rocket', 'Tên lửa', 'จรวด'), price: '200.00', animation: 'fullscreen', glyph: '🚀', color: '#7b61ff', sort: 5 },
  { giftId: 6, name: n('皇冠', '皇冠', 'Crown', 'Vương miện', 'มงกุฎ'), price: '1000.00', animation: 'fullscreen', glyph: '👑', color: '#c9a227', sort: 6 },
];

export const DEFAULT_ECONOMY_CONFIG: EconomyConfig = economyConfigSchema.parse({});
