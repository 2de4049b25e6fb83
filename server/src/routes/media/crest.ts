/**
 * Team and league crests drawn as SVG from a seed, two colours and a name: the same input always
 * gives the same bytes, so an icon URL can be cached for good. Every text that reaches the markup
 * goes through escapeXml and every colour through a hex check, so no name or colour can break
 * out of its attribute or element.
 */

export interface CrestInput {
  seed: number;
  colors: readonly [string, string];
  /** The full name: its initials go on the crest, the name itself into <title>. */
  name: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids outright (C0 controls but tab/newline/return, lone surrogates, U+FFFE/F) are dropped: escaping cannot make them legal.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colour if it is a plain #rrggbb, else the fallback: colours go into attributes unescaped. */
export function safeColor(color: string, fallback: string): string {
  return HEX.test(color) ? color.toLowerCase() : fallback;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function inkOn(color: string): string {
  const channel = (i: number): number => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#111111' : '#ffffff';
}

/** Up to three initials from the words of a name ("Rosemouth Wanderers" → "RW"), two letters of a one-word name. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  if (words.length === 0) return '?';
  if (words.length === 1) return Array.from(words[0] as string).slice(0, 2).join('').toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => Array.from(w)[0] as string)
    .join('')
    .toUpperCase();
}

const SHAPES = [
  '<path d="M50 4 L92 16 V48 C92 72 74 88 50 96 C26 88 8 72 8 48 V16 Z"/>',
  '<circle cx="50" cy="50" r="46"/>',
  '<path d="M50 4 L90 26 V74 L50 96 L10 74 V26 Z"/>',
] as const;

const PATTERNS = [
  '',
  '<rect x="10" y="0" width="10" height="100"/><rect x="30" y="0" width="10" height="100"/><rect x="50" y="0" width="10" height="100"/><rect x="70" y="0" width="10" height="100"/>',
  '<rect x="0" y="38" width="100" height="24"/>',
  '<polygon points="0,20 20,0 100,80 80,100"/>',
  '<polygon points="0,30 50,60 100,30 100,50 50,80 0,50"/>',
  '<rect x="50" y="0" width="50" height="100"/>',
] as const;

/** A 32-bit mix of a number, for seeds derived from ids (leagues have no seed of their own). */
export function mix32(n: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The crest as a group in a 100 x 100 box. `idPrefix` keeps the clip-path id unique when several
 * crests share one document (the banners).
 */
export function crestGroup(input: CrestInput, idPrefix: string): string {
  const seed = input.seed >>> 0;
  const main = safeColor(input.colors[0], '#555555');
  const second = safeColor(input.colors[1], '#dddddd');
  const shape = SHAPES[seed % SHAPES.length] as string;
  const pattern = PATTERNS[(seed >>> 3) % PATTERNS.length] as string;
  const initials = escapeXml(initialsOf(input.name));
  const size = initialsOf(input.name).length > 2 ? 17 : 22;
  const clip = `${idPrefix}-clip`;
  return (
    `<g><clipPath id="${clip}">${shape}</clipPath>` +
    `<g fill="${main}">${shape}</g>` +
    (pattern ? `<g fill="${second}" clip-path="url(#${clip})">${pattern}</g>` : '') +
    `<g fill="none" stroke="#1b1b1b" stroke-opacity="0.35" stroke-width="2">${shape}</g>` +
    `<circle cx="50" cy="50" r="24" fill="${main}" stroke="${second}" stroke-width="3"/>` +
    `<text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${inkOn(main)}">${initials}</text></g>`
  );
}

/** A standalone crest document. */
export function crestSvg(input: CrestInput): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 100 100" role="img">' +
    `<title>${escapeXml(input.name)}</title>${crestGroup(input, 'crest')}</svg>`
  );
}

/** Colour pairs for leagues: the feed gives leagues an icon key but no colours. */
const LEAGUE_COLORS: ReadonlyArray<readonly [string, string]> = [
  ['#0b3d91', '#f2c94c'],
  ['#7a263a', '#f5f5f5'],
  ['#1e5631', '#e6e6e6'],
  ['#222222', '#d4af37'],
  ['#c8102e', '#ffffff'],
  ['#00539f', '#7fb2e5'],
  ['#5b2c83', '#f0b323'],
  ['#e35205', '#1d1d1b'],
  ['#006b54', '#ffd100'],
  ['#3a3a3a', '#e4002b'],
];

export function leagueCrestInput(leagueId: number, name: string): CrestInput {
  const seed = mix32(leagueId);
  return { seed, colors: LEAGUE_COLORS[seed % LEAGUE_COLORS.length] as readonly [string, string], name };
}
