import type { EmojiGroup, ReportCategory } from '../../../contract/chat';
import { text, type Lang, type Text } from '../feed/i18n';
import emojiData from './data/emoji.json';

/** The chat's fixed lists: the emoji set (unicode emoji by group, data/emoji.json) and the report categories. */

interface StoredGroup {
  groupId: number;
  name: Text;
  emojis: Array<{ id: string; code: string }>;
}

const EMOJI_GROUPS = emojiData as StoredGroup[];

export function emojiGroups(lang: Lang): EmojiGroup[] {
  return EMOJI_GROUPS.map((g) => ({ groupId: g.groupId, name: g.name[lang], emojis: g.emojis }));
}

/** Why a member reports a message; ids are stored with the report, so they never change meaning. */
export const REPORT_CATEGORIES: ReadonlyArray<{ id: number; name: Text }> = [
  { id: 1, name: text('垃圾广告', '垃圾廣告', 'Spam or advertising', 'Spam hoặc quảng cáo', 'สแปมหรือโฆษณา') },
  { id: 2, name: text('辱骂或骚扰', '辱罵或騷擾', 'Abuse or harassment', 'Lăng mạ hoặc quấy rối', 'ด่าทอหรือคุกคาม') },
  { id: 3, name: text('色情低俗', '色情低俗', 'Sexual or vulgar content', 'Nội dung khiêu dâm hoặc thô tục', 'เนื้อหาลามกหรือหยาบคาย') },
  { id: 4, name: text('诈骗', '詐騙', 'Fraud or scam', 'Lừa đảo', 'การฉ้อโกง') },
  { id: 5, name: text('违法违规', '違法違規', 'Illegal content', 'Nội dung vi phạm pháp luật', 'เนื้อหาผิดกฎหมาย') },
  { id: 6, name: text('其他', '其他', 'Other', 'Khác', 'อื่น ๆ') },
];

export function reportCategories(lang: Lang): ReportCategory[] {
  return REPORT_CATEGORIES.map((c) => ({ id: c.id, name: c.name[lang] }));
}
