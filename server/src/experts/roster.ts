import { fill, text, type Text } from '../feed/i18n';
import { Rng } from '../feed/random';

/**
 * The experts (tipsters): a roster drawn from FEED_SEED, so one seed always gives the same people with the same habits.
 * Only who they are and how they work is drawn here; what they achieved (hit rate, runs, returns) is computed from the
 * messages they really published on the feed's matches and how those settled (records.ts).
 */

/** Scheme A sports the experts tip on: football and basketball, the sports with 1X2 / money line, handicap and total markets. */
export const EXPERT_SPORTS = [1, 3] as const;
export type ExpertSport = (typeof EXPERT_SPORTS)[number];

/** Prices of a paid message, in coins. */
const PRICES = ['8.00', '18.00', '28.00', '38.00', '58.00'] as const;

export interface Expert {
  id: number;
  name: string;
  sports: readonly ExpertSport[];
  introduction: Text;
  /** Third-party source (isTripartite): its messages come with sportsSource 2. */
  tripartite: boolean;
  /** Coins per paid message ("0.00": every message free). */
  price: string;
  /** Share of paid messages (the rest are free). */
  paidShare: number;
  /** Lost paid messages give returnPercent of the price back (openBackGold), or 0 for none. */
  returnPercent: number;
  /** Chance to tip a given candidate match: how busy the expert is. */
  activity: number;
  /** Chance a tip is a parlay of two matches. */
  parlayShare: number;
  /** Hours before kick-off, at the most, that the expert tips a match. */
  leadHours: number;
  /** Preferred plays, most preferred first. */
  plays: readonly PlayKind[];
  /** Whether the expert also tips matches in play (tips.ts "In play"). */
  inPlay: boolean;
  /** Chance to tip a given match of theirs in play, when they tip in play at all. */
  inPlayActivity: number;
  /**
   * Followers the expert brings from outside this platform (their audience on the source they publish on): the base
   * of `subscribed`, to which the members following them here are added. Drawn, never counted in a ranking.
   */
  audience: number;
}

/** The plays experts tip: the full-time match winner (1X2 or money line), the handicap and the total. */
export type PlayKind = 'winner' | 'handicap' | 'total';

/** First expert id: ids are stable per seed and never look like member ids in a log. */
export const FIRST_EXPERT_ID = 9001;
export const EXPERT_COUNT = 16;

const NAMES = [
  '老K看球', '金哨先生', '篮球诸葛', '红单制造机', '北岸观潮', 'Ace Tipster', '铁血战术板', '南城球探', 'Goal Hunter', '三分雨',
  '冷门猎手', '数据狂人', 'Court Vision', '绿茵参谋', '夜猫看盘', '大小球王', '让球专家', 'Baseline Pro', '稳胆老周', '临场观察员',
] as const;

const INTRO = text(
  '专注{sports}{years}年，擅长{play}，赛前结合阵容与盘口变化给出推荐。',
  '專注{sports}{years}年，擅長{play}，賽前結合陣容與盤口變化給出推薦。',
  '{years} years on {sports}; strongest on {play}. Tips before kick-off from line-ups and line moves.',
  '{years} năm theo dõi {sports}; mạnh nhất về {play}. Nhận định trước trận dựa trên đội hình và biến động kèo.',
  'ติดตาม{sports}มา {years} ปี ถนัด{play} วิเคราะห์ก่อนเริ่มเกมจากรายชื่อผู้เล่นและการขยับราคา',
);

const SPORT_NAMES: Record<ExpertSport, Text> = {
  1: text('足球', '足球', 'football', 'bóng đá', 'ฟุตบอล'),
  3: text('篮球', '籃球', 'basketball', 'bóng rổ', 'บาสเกตบอล'),
};

/** The sport as a label on its own (a message's sportsInfo), where SPORT_NAMES is the word inside a sentence. */
export const SPORT_LABELS: Record<ExpertSport, Text> = {
  1: text('足球', '足球', 'Football', 'Bóng đá', 'ฟุตบอล'),
  3: text('篮球', '籃球', 'Basketball', 'Bóng rổ', 'บาสเกตบอล'),
};

export const PLAY_NAMES: Record<PlayKind, Text> = {
  winner: text('胜负', '勝負', 'the match winner', 'kèo thắng thua', 'ผลแพ้ชนะ'),
  handicap: text('让球', '讓球', 'the handicap', 'kèo chấp', 'แฮนดิแคป'),
  total: text('大小球', '大小球', 'over/under', 'tài xỉu', 'สูงต่ำ'),
};

const AND = text('、', '、', ' and ', ' và ', 'และ');

function sportsText(sports: readonly ExpertSport[]): Text {
  const [first, second] = sports.map((s) => SPORT_NAMES[s]);
  return second ? fill(text('{a}{and}{b}', '{a}{and}{b}', '{a}{and}{b}', '{a}{and}{b}', '{a}{and}{b}'), { a: first!, and: AND, b: second }) : first!;
}

/** The roster of a seed. */
export function buildRoster(seed: number): Expert[] {
  const rng = Rng.of(seed, 'experts');
  const names = [...NAMES];
  // Fisher-Yates with the seed's draws: which names are used, in which order.
  for (let i = names.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  const plays: PlayKind[] = ['winner', 'handicap', 'total'];
  const roster = Array.from({ length: EXPERT_COUNT }, (_, i): Expert => {
    const r = Rng.of(seed, 'expert', i);
    const sportDraw = r.next();
    const sports: ExpertSport[] = sportDraw < 0.5 ? [1] : sportDraw < 0.8 ? [3] : [1, 3];
    const free = r.chance(0.2);
    const favourite = r.pick(plays);
    const order = [favourite, ...plays.filter((p) => p !== favourite)];
    return {
      id: FIRST_EXPERT_ID + i,
      name: names[i]!,
      sports,
      introduction: fill(INTRO, { sports: sportsText(sports), years: r.int(3, 15), play: PLAY_NAMES[favourite] }),
      tripartite: r.chance(0.25),
      price: free ? '0.00' : r.pick(PRICES),
      paidShare: free ? 0 : r.range(0.5, 0.9),
      returnPercent: free ? 0 : r.pick([0, 0, 50, 100]),
      activity: r.range(0.03, 0.08),
      parlayShare: r.range(0, 0.25),
      leadHours: r.range(2, 8),
      plays: order,
      // Drawn after everything above, so adding them left every earlier trait (and so every pre-match tip) as it was.
      inPlay: r.chance(0.5),
      inPlayActivity: r.range(0.04, 0.1),
      audience: Math.round(r.range(80, 6_000)),
    };
  });
  // Every sport has an expert who tips in play: a live room's program tab always has someone to fill it.
  for (const sport of EXPERT_SPORTS) {
    if (roster.some((e) => e.inPlay && e.sports.includes(sport))) continue;
    const first = roster.find((e) => e.sports.includes(sport));
    if (first) first.inPlay = true;
  }
  return roster;
}
