import { escapeXml } from '../routes/media/crest';
import { seedOf } from '../feed/random';

const COLOURS = ['#c0392b', '#2471a3', '#1e8449', '#b9770e', '#7d3c98', '#117a65', '#a04000', '#2e4053'] as const;

/**
 * A portrait (the expert's `profile`, the banker's `headUrl`): the name's first character on a colour drawn from the
 * id, as an SVG the platform serves. The name is escaped; nothing else in it comes from outside.
 */
export function portraitSvg(id: number, name: string): string {
  const colour = COLOURS[seedOf('portrait', id) % COLOURS.length]!;
  const initial = Array.from(name)[0] ?? '?';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">' +
    `<title>${escapeXml(name)}</title>` +
    `<circle cx="48" cy="48" r="48" fill="${colour}"/>` +
    `<text x="48" y="62" text-anchor="middle" font-family="Arial, Helvetica, 'PingFang SC', 'Microsoft YaHei', sans-serif" font-size="42" font-weight="700" fill="#ffffff">${escapeXml(initial)}</text>` +
    '</svg>'
  );
}
