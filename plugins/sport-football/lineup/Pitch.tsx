import type { LineupPlayer } from '../../../contract/matchData';
import styles from './Pitch.module.css';

const WIDTH = 200;
const HEIGHT = 120;

/**
 * The starters in lines, goalkeeper first: the formation's counts from defence to attack split the outfield
 * players in the order the platform lists them (G, D, M, F). A formation that does not add up falls back to
 * grouping by position.
 */
export function formationLines(starters: readonly LineupPlayer[], formation: readonly number[]): LineupPlayer[][] {
  if (starters.length === 0) return [];
  const keeper = starters.find((p) => p.position === 'G') ?? (starters[0] as LineupPlayer);
  const outfield = starters.filter((p) => p !== keeper);
  const lines: LineupPlayer[][] = [[keeper]];
  if (formation.length > 0 && formation.every((n) => n > 0) && formation.reduce((a, b) => a + b, 0) === outfield.length) {
    let at = 0;
    for (const n of formation) {
      lines.push(outfield.slice(at, at + n));
      at += n;
    }
    return lines;
  }
  const order = ['D', 'M', 'F'];
  for (const position of order) {
    const line = outfield.filter((p) => p.position === position);
    if (line.length > 0) lines.push(line);
  }
  const others = outfield.filter((p) => !order.includes(p.position));
  if (others.length > 0) lines.push(others);
  return lines;
}

/** Name text size in pitch units; the pitch scales with the panel. */
const NAME_SIZE = 4.2;
/** Names may be squeezed to this share of their width before they are shortened instead. */
const MIN_SQUEEZE = 0.8;
/** Room kept clear between the name boxes of neighbouring lines. */
const NAME_GAP = 1.5;

/**
 * An upper bound of a character's advance in em: CJK and other full-width scripts take a full em, Thai combining
 * marks none, capitals and wide Latin letters more than the rest. Upper bounds, so a name never ends up wider than
 * the room it was measured for.
 */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return 1;
  if ((code >= 0x0e31 && code <= 0x0e3a && code !== 0x0e32 && code !== 0x0e33) || (code >= 0x0e47 && code <= 0x0e4e) || (code >= 0x0300 && code <= 0x036f)) return 0;
  if (code >= 0x0e00 && code <= 0x0e7f) return 0.68;
  if (ch === ' ' || ch === '.' || ch === '·' || ch === "'" || ch === '-') return 0.34;
  if (/[MWmw]/.test(ch)) return 0.9;
  if (/\p{Lu}/u.test(ch)) return 0.74;
  return 0.6;
}

export const nameWidth = (text: string) => [...text].reduce((sum, ch) => sum + charWidth(ch), 0) * NAME_SIZE;

/** Shorter forms of a name, best first: the full name, then without given names ("K. De Bruyne" → "De Bruyne"). */
function candidates(name: string): string[] {
  const parts = name.trim().split(/\s+|·/).filter(Boolean);
  const forms = [name.trim()];
  for (let i = 1; i < parts.length; i++) forms.push(parts.slice(i).join(name.includes('·') ? '·' : ' '));
  return forms;
}

/**
 * The name as it fits in `room` pitch units: the longest form that fits (squeezed a little if need be), else the
 * last form cut with an ellipsis. `width` is what it takes on the pitch, `squeezed` whether text must be compressed.
 */
export function fitName(name: string, room: number): { text: string; width: number; squeezed: boolean } {
  for (const form of candidates(name)) {
    const width = nameWidth(form);
    if (width <= room) return { text: form, width, squeezed: false };
    if (width * MIN_SQUEEZE <= room) return { text: form, width: room, squeezed: true };
  }
  const chars = [...(candidates(name).at(-1) ?? name)];
  while (chars.length > 1 && nameWidth(`${chars.join('')}…`) * MIN_SQUEEZE > room) chars.pop();
  const text = `${chars.join('')}…`;
  const width = nameWidth(text);
  return width <= room ? { text, width, squeezed: false } : { text, width: room, squeezed: true };
}

const depthOf = (li: number, lines: number) => 10 + (li * 78) / Math.max(1, lines - 1);

/** The columns' x on the pitch, home then away: the narrowest gap between neighbours bounds every name's width. */
function nameRoom(home: readonly unknown[], away: readonly unknown[]): number {
  const xs = [...home.map((_, li) => depthOf(li, home.length)), ...away.map((_, li) => WIDTH - depthOf(li, away.length))].sort((a, b) => a - b);
  let gap = WIDTH;
  for (let i = 1; i < xs.length; i++) gap = Math.min(gap, xs[i]! - xs[i - 1]!);
  return gap - NAME_GAP;
}

function Side({ lines, side, room }: { lines: LineupPlayer[][]; side: 'home' | 'away'; room: number }) {
  return (
    <g className={side === 'home' ? styles.home : styles.away}>
      {lines.map((line, li) => {
        const depth = depthOf(li, lines.length);
        const x = side === 'home' ? depth : WIDTH - depth;
        return line.map((p, pi) => {
          // Away players read from the other touchline so both teams face each other.
          const slot = side === 'home' ? pi : line.length - 1 - pi;
          const y = (HEIGHT * (slot + 1)) / (line.length + 1);
          const name = fitName(p.name, room);
          return (
            <g key={p.id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
              <title>{`${p.number} ${p.name}`}</title>
              <circle className={styles.shirt} r="6" />
              <text className={styles.number} y="2">
                {p.number}
              </text>
              <text
                className={styles.name}
                y="11.5"
                data-width={name.width.toFixed(2)}
                {...(name.squeezed ? { textLength: name.width.toFixed(2), lengthAdjust: 'spacingAndGlyphs' } : {})}
              >
                {name.text}
              </text>
            </g>
          );
        });
      })}
    </g>
  );
}

/** Both starting elevens on one pitch: home attacking left to right in the left half, away in the right half. */
export function Pitch({ home, away, label }: { home: LineupPlayer[][]; away: LineupPlayer[][]; label: string }) {
  const room = nameRoom(home, away);
  return (
    <svg className={styles.pitch} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <rect className={styles.grass} x="0" y="0" width={WIDTH} height={HEIGHT} />
      <g className={styles.lines}>
        <rect x="2" y="2" width={WIDTH - 4} height={HEIGHT - 4} />
        <line x1={WIDTH / 2} y1="2" x2={WIDTH / 2} y2={HEIGHT - 2} />
        <circle cx={WIDTH / 2} cy={HEIGHT / 2} r="14" />
        <rect x="2" y="30" width="26" height="60" />
        <rect x={WIDTH - 28} y="30" width="26" height="60" />
        <rect x="2" y="46" width="9" height="28" />
        <rect x={WIDTH - 11} y="46" width="9" height="28" />
      </g>
      <Side lines={home} side="home" room={room} />
      <Side lines={away} side="away" room={room} />
    </svg>
  );
}
