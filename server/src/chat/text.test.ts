import { describe, expect, it } from '@jest/globals';
import { cleanChatText, codePointLength } from './text';

describe('cleanChatText', () => {
  it('keeps markup as typed: it is text, rendered as text', () => {
    expect(cleanChatText('<script>alert(1)</script> & <b>hi</b>')).toBe('<script>alert(1)</script> & <b>hi</b>');
  });

  it('removes bidi overrides, isolates and marks, so the text reads in the order it was typed', () => {
    expect(cleanChatText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanChatText('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D\u200E\u200F\u061C')).toBe('abc');
  });

  it('removes zero-width characters but keeps the joiner inside an emoji sequence', () => {
    expect(cleanChatText('fr\u200Bee\u200C mo\u2060ney\uFEFF')).toBe('free money');
    expect(cleanChatText('a\u200Db')).toBe('ab');
    const family = '👨\u200D👩\u200D👧';
    expect(cleanChatText(family)).toBe(family);
    const heart = '❤\uFE0F\u200D🔥';
    expect(cleanChatText(heart)).toBe(heart);
    expect(cleanChatText('👍🏽\u200D👍')).toBe('👍🏽\u200D👍');
  });

  it('drops control characters, keeps line feeds (at most two in a row), trims and normalises', () => {
    expect(cleanChatText('  a\u0000b\u0007c\r\nd\re\n\n\n\nf\u0085 ')).toBe('abc\nd\ne\n\nf');
    expect(cleanChatText('e\u0301')).toBe('é');
  });

  it('counts code points, so an emoji is one character', () => {
    expect(codePointLength('😀字a')).toBe(3);
  });
});
