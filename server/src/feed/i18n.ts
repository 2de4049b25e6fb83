/** The spec's five interface languages; every name and text the feed makes exists in all of them. */
export const LANGS = ['CMN', 'zh-TW', 'ENG', 'VIE', 'THA'] as const;
export type Lang = (typeof LANGS)[number];
export type Text = Readonly<Record<Lang, string>>;

export function text(cmn: string, tw: string, eng: string, vie: string, tha: string): Text {
  return { CMN: cmn, 'zh-TW': tw, ENG: eng, VIE: vie, THA: tha };
}

export function sameText(value: string): Text {
  return text(value, value, value, value, value);
}

export function mapText(build: (lang: Lang) => string): Text {
  return text(build('CMN'), build('zh-TW'), build('ENG'), build('VIE'), build('THA'));
}

export type TextParam = Text | string | number;

function paramIn(value: TextParam, lang: Lang): string {
  return typeof value === 'object' ? value[lang] : String(value);
}

/** Replaces `{name}` in each language's template with that language's form of the parameter. */
export function fill(template: Text, params: Readonly<Record<string, TextParam>>): Text {
  return mapText((lang) => template[lang].replace(/\{(\w+)\}/g, (all, key: string) => (key in params ? paramIn(params[key] as TextParam, lang) : all)));
}

/** Chinese names run together; the other languages separate words with a space. */
export function joinWords(parts: readonly Text[], order: Partial<Record<Lang, 'reverse'>> = {}): Text {
  return mapText((lang) => {
    const words = parts.map((p) => p[lang]);
    if (order[lang] === 'reverse') words.reverse();
    return words.join(lang === 'CMN' || lang === 'zh-TW' ? '' : ' ');
  });
}
