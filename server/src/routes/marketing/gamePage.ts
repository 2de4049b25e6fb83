import type { BankerDetail } from '../../../../contract/experts';
import { text, type Lang, type Text } from '../../feed/i18n';
import { escapeXml } from '../media/crest';
import { LOCALE_OF } from '../../static/tables';

/**
 * The page a game jump's URL opens (GET /game/:gameId?token=): the platform redeems the one-time token and greets the
 * member who arrived; the banker game shows the banker the member plays with. Plain HTML without scripts: every value
 * is escaped and the page's own policy allows no script at all.
 */

const WORDS = {
  games: { 1: text('体育', '體育', 'Sports', 'Thể thao', 'กีฬา'), 2: text('庄家模式', '莊家模式', 'Banker mode', 'Chế độ nhà cái', 'โหมดเจ้ามือ') } as Record<number, Text>,
  welcome: text('欢迎，{name}', '歡迎，{name}', 'Welcome, {name}', 'Chào mừng, {name}', 'ยินดีต้อนรับ {name}'),
  expired: text('链接已失效', '連結已失效', 'This link has expired', 'Liên kết đã hết hạn', 'ลิงก์หมดอายุแล้ว'),
  again: text('请返回并重新打开游戏。', '請返回並重新打開遊戲。', 'Go back and open the game again.', 'Hãy quay lại và mở trò chơi lần nữa.', 'โปรดกลับไปแล้วเปิดเกมอีกครั้ง'),
  banker: text('庄家', '莊家', 'Banker', 'Nhà cái', 'เจ้ามือ'),
  pledge: text('质押金额', '質押金額', 'Pledged', 'Đã ký quỹ', 'เงินค้ำประกัน'),
  remaining: text('剩余额度', '剩餘額度', 'Remaining', 'Còn lại', 'คงเหลือ'),
  bounds: text('单注范围', '單注範圍', 'One bet', 'Mỗi cược', 'ต่อเดิมพัน'),
  plan: text('方案', '方案', 'Plan', 'Gói', 'แผน'),
  invite: text('邀请码', '邀請碼', 'Invite code', 'Mã mời', 'รหัสเชิญ'),
};

const say = (t: Text, lang: Lang, params: Record<string, string> = {}) => t[lang].replace(/\{(\w+)\}/g, (all, key: string) => params[key] ?? all);

function page(lang: Lang, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${LOCALE_OF[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeXml(title)}</title><style>body{font-family:Arial,Helvetica,'PingFang SC','Microsoft YaHei',sans-serif;background:#10161f;color:#f2f4f7;margin:0;padding:32px}` +
    `main{max-width:560px;margin:0 auto}h1{font-size:24px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#aab4c3}dd{margin:0}img{border-radius:50%}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

export function gamePageHtml(gameId: number, username: string, banker: BankerDetail | undefined, lang: Lang): string {
  const game = WORDS.games[gameId]?.[lang] ?? String(gameId);
  const rows = banker
    ? `<h2>${escapeXml(say(WORDS.banker, lang))}</h2><p><img src="${escapeXml(banker.headUrl)}" alt="" width="48" height="48"> ${escapeXml(banker.nickname)}</p><dl>` +
      `<dt>${escapeXml(say(WORDS.plan, lang))}</dt><dd>${escapeXml(banker.plan.name)}</dd>` +
      `<dt>${escapeXml(say(WORDS.pledge, lang))}</dt><dd>${escapeXml(banker.pledgeAmount)} ${escapeXml(banker.currency)}</dd>` +
      `<dt>${escapeXml(say(WORDS.remaining, lang))}</dt><dd>${escapeXml(banker.remainingAmount)} ${escapeXml(banker.currency)}</dd>` +
      `<dt>${escapeXml(say(WORDS.bounds, lang))}</dt><dd>${escapeXml(banker.plan.singleBettingAmountLower)} - ${escapeXml(banker.plan.singleBettingAmountUpper)} ${escapeXml(banker.currency)}</dd>` +
      `<dt>${escapeXml(say(WORDS.invite, lang))}</dt><dd>${escapeXml(banker.inviteCode)}</dd></dl>`
    : '';
  return page(lang, game, `<h1>${escapeXml(game)}</h1><p>${escapeXml(say(WORDS.welcome, lang, { name: username }))}</p>${rows}`);
}

export function expiredPageHtml(lang: Lang): string {
  const title = say(WORDS.expired, lang);
  return page(lang, title, `<h1>${escapeXml(title)}</h1><p>${escapeXml(say(WORDS.again, lang))}</p>`);
}
