/**
 * What a member's chat text becomes before it is stored: plain text that renders as itself. Markup stays as typed
 * (clients render text, never HTML), but characters that change how the text around them looks without being seen
 * are removed (spec 001 issue 15: "markup, scripts, zero-width and right-to-left tricks arrive as inert text"):
 * - bidi embeddings, overrides and isolates U+202A-202E, U+2066-2069 (they can reverse the text after them, e.g.
 *   make "exe.txt" read "txt.exe"), and the marks U+200E, U+200F, U+061C;
 * - zero-width space, non-joiner, word joiner and BOM U+200B, U+200C, U+2060, U+FEFF (they hide words from
 *   filters and make look-alike names), and U+200D outside an emoji sequence (inside one it joins 👨‍👩‍👧 and is
 *   meaningful);
 * - control characters other than the line feed; CR LF and CR become LF, and more than two line breaks in a row
 *   become two.
 * The text is NFC-normalised and trimmed. Length is counted in code points of the result.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u200C\u2060\uFEFF]/g;
const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
const ZWJ = /\u200D/g;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const SKIN_OR_VARIATION = /[\uFE0F\u{1F3FB}-\u{1F3FF}]/u;

export function cleanChatText(raw: string): string {
  let text = raw.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').replace(CONTROLS, '');
  text = text.replace(ZWJ, (_match, offset: number, whole: string) => (joinsEmoji(whole, offset) ? '\u200D' : ''));
  return text.normalize('NFC').replace(/\n{3,}/g, '\n\n').trim();
}

/** A ZWJ between two pictographs (a variation selector or skin tone may sit before it) is part of one emoji. */
function joinsEmoji(text: string, at: number): boolean {
  const before = [...text.slice(Math.max(0, at - 4), at)];
  let last = before.pop();
  while (last !== undefined && SKIN_OR_VARIATION.test(last)) last = before.pop();
  const next = [...text.slice(at + 1, at + 3)][0];
  return last !== undefined && next !== undefined && PICTOGRAPH.test(last) && PICTOGRAPH.test(next);
}

export function codePointLength(text: string): number {
  return [...text].length;
}
