import { escapeXml } from '../routes/media/crest';
import type { TitleDef, TitleMetric } from './titles';

/**
 * A title's badge (issue 31): a shield in the title's colour with a picture of what it counts, and one to three stars
 * for its rank among the titles of that count. Drawn shapes, no text: the letter the badge used to carry was the
 * English name's first, meaningless in the other four languages, and a glyph needs a font the viewer may not have.
 */
const PICTURES: Readonly<Record<TitleMetric, string>> = {
  // A bet slip: a ticket with its notches and two lines.
  bets: '<path d="M20 20h24v8a4 4 0 0 0 0 8v8H20v-8a4 4 0 0 0 0-8z" fill="#fff"/><path d="M26 27h12M26 37h12" stroke="HUE" stroke-width="2.5"/>',
  // A parlay: three links of a chain.
  parlays:
    '<g fill="none" stroke="#fff" stroke-width="3.5"><rect x="13" y="26" width="16" height="10" rx="5"/><rect x="24" y="26" width="16" height="10" rx="5"/><rect x="35" y="26" width="16" height="10" rx="5"/></g>',
  // A single won: a target with its centre hit.
  wins: '<circle cx="32" cy="31" r="13" fill="#fff"/><circle cx="32" cy="31" r="8.5" fill="HUE"/><circle cx="32" cy="31" r="4" fill="#fff"/>',
  // Days with a bet: a calendar page.
  days: '<rect x="19" y="20" width="26" height="24" rx="3" fill="#fff"/><rect x="19" y="20" width="26" height="7" rx="3" fill="HUE" opacity=".55"/><path d="M24 17v6M40 17v6" stroke="#fff" stroke-width="3" stroke-linecap="round"/><path d="M24 33h4M30 33h4M36 33h4M24 38h4M30 38h4" stroke="HUE" stroke-width="2.5"/>',
  // An anchor followed: a heart.
  follows: '<path d="M32 45 19 32a7.5 7.5 0 0 1 13-9 7.5 7.5 0 0 1 13 9z" fill="#fff"/>',
  // A room watched: a screen with a play mark.
  watches: '<rect x="17" y="20" width="30" height="21" rx="3" fill="#fff"/><path d="M29 25v11l9-5.5z" fill="HUE"/><path d="M26 45h12" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
};

/** Star centres for one, two or three stars under the picture. */
const STARS: readonly (readonly number[])[] = [[32], [26, 38], [20, 32, 44]];

const star = (cx: number, cy: number) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 4 : 1.8;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="#ffd54f"/>`;
};

/** The badge of `def`, whose rank (1 = the easiest) is its place among the catalogue's titles of the same metric. */
export function titleBadge(def: TitleDef, rank: number, label: string): string {
  const hue = `hsl(${(def.id * 47) % 360} 70% 45%)`;
  const stars = STARS[Math.min(Math.max(rank, 1), STARS.length) - 1]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(label)}">` +
    `<path d="M32 4 56 14v18c0 14-10 24-24 28C18 56 8 46 8 32V14z" fill="${hue}"/>` +
    PICTURES[def.metric].replaceAll('HUE', hue) +
    stars.map((cx) => star(cx, 51)).join('') +
    '</svg>'
  );
}
