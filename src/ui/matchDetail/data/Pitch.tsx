import type { LineupPlayer } from '../../../stores/matchData';
import styles from './Pitch.module.css';

const WIDTH = 200;
const HEIGHT = 120;
const NAME_LENGTH = 12;

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

const shortName = (name: string) => (name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name);

function Side({ lines, side }: { lines: LineupPlayer[][]; side: 'home' | 'away' }) {
  const steps = Math.max(1, lines.length - 1);
  return (
    <g className={side === 'home' ? styles.home : styles.away}>
      {lines.map((line, li) => {
        const depth = 10 + (li * 78) / steps;
        const x = side === 'home' ? depth : WIDTH - depth;
        return line.map((p, pi) => {
          // Away players read from the other touchline so both teams face each other.
          const slot = side === 'home' ? pi : line.length - 1 - pi;
          const y = (HEIGHT * (slot + 1)) / (line.length + 1);
          return (
            <g key={p.id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
              <title>{`${p.number} ${p.name}`}</title>
              <circle className={styles.shirt} r="6" />
              <text className={styles.number} y="2">
                {p.number}
              </text>
              <text className={styles.name} y="11.5">
                {shortName(p.name)}
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
      <Side lines={home} side="home" />
      <Side lines={away} side="away" />
    </svg>
  );
}
