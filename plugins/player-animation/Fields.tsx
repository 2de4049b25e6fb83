import type { TFunction } from 'i18next';
import styles from './Animation.module.css';
import { ballSpot, servingOf, type Side, type TrackerState } from './tracker';

/** The drawing's size; coordinates of the play are 0-100 on both axes, home attacking to the right. */
const W = 400;
const H = 240;
const M = 12;
const px = (x: number) => M + (x / 100) * (W - 2 * M);
const py = (y: number) => M + (y / 100) * (H - 2 * M);
const width = (from: number, to: number) => px(to) - px(from);
const height = (from: number, to: number) => py(to) - py(from);

interface FieldProps {
  state: TrackerState;
  label: string;
  t: TFunction;
}

const sideClass = (side: Side | null) => (side === 'away' ? styles.away : styles.home);

/** A team badge (card or substitution) on that team's half. */
function Badge({ state, t }: { state: TrackerState; t: TFunction }) {
  const { action, side } = state;
  if (!side || (action !== 'yellowCard' && action !== 'redCard' && action !== 'substitution')) return null;
  const x = side === 'home' ? px(25) : px(75);
  if (action === 'substitution') {
    return (
      <g data-badge={`${side}-substitution`}>
        <rect x={x - 22} y={py(6)} width={44} height={20} rx={4} className={styles.subBadge} />
        <text x={x} y={py(6) + 14} textAnchor="middle" className={styles.badgeText}>
          {t('badge.substitution')}
        </text>
      </g>
    );
  }
  return <rect data-badge={`${side}-${action}`} x={x - 8} y={py(6)} width={16} height={22} rx={2} className={action === 'yellowCard' ? styles.yellowCard : styles.redCard} />;
}

/** The team names at the ends they attack from, so the drawing reads left (home) to right (away). */
function Ends({ state }: { state: TrackerState }) {
  return (
    <g className={styles.ends} aria-hidden="true">
      <text x={px(1)} y={H - 3} className={styles.endName}>
        {state.home}
      </text>
      <text x={px(99)} y={H - 3} textAnchor="end" className={styles.endName}>
        {state.away}
      </text>
    </g>
  );
}

/** Plays that carry the ball toward a goal: an arrow behind the ball says which way the side attacks. */
const ATTACKS: ReadonlySet<string> = new Set(['attack', 'dangerousAttack', 'freeKick', 'penalty']);

function Arrow({ x, y, side }: { x: number; y: number; side: Side }) {
  // Chevrons behind the ball, pointing at the goal the side attacks (home to the right).
  const dir = side === 'home' ? 1 : -1;
  const tip = px(x) - dir * 14;
  const chevron = (at: number) => `M ${at - dir * 10} ${py(y) - 10} L ${at} ${py(y)} L ${at - dir * 10} ${py(y) + 10}`;
  return (
    <g data-attack={side} className={`${styles.arrow} ${side === 'away' ? styles.arrowAway : styles.arrowHome}`} aria-hidden="true">
      <path d={chevron(tip)} />
      <path d={chevron(tip - dir * 12)} />
    </g>
  );
}

export function FootballPitch({ state, label, t }: FieldProps) {
  const { action, side } = state.ball;
  const ball = ballSpot(action, side);
  const third = ball.x < 100 / 3 ? 0 : ball.x <= 200 / 3 ? 1 : 2;
  const inBox = action === 'dangerousAttack' || action === 'penalty';
  const boxFrom = ball.x > 50 ? 84 : 0;
  const shot = action === 'shotOnTarget' || action === 'shotOffTarget';
  const attacking = ATTACKS.has(action);
  const goalX = ball.x > 50 ? 100 : 0;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} className={styles.field} data-field="football">
      <rect x={0} y={0} width={W} height={H} rx={8} className={styles.grass} />
      {side ? <rect data-zone-band={third} x={px((third * 100) / 3)} y={py(0)} width={width(0, 100 / 3)} height={height(0, 100)} className={`${styles.band} ${sideClass(side)}`} /> : null}
      {inBox && side ? <rect data-highlight="box" x={px(boxFrom)} y={py(21)} width={width(0, 16)} height={height(21, 79)} className={styles.danger} /> : null}
      <g className={styles.line}>
        <rect x={px(0)} y={py(0)} width={width(0, 100)} height={height(0, 100)} />
        <line x1={px(50)} y1={py(0)} x2={px(50)} y2={py(100)} />
        <circle cx={px(50)} cy={py(50)} r={26} />
        <rect x={px(0)} y={py(21)} width={width(0, 16)} height={height(21, 79)} />
        <rect x={px(84)} y={py(21)} width={width(84, 100)} height={height(21, 79)} />
        <rect x={px(0)} y={py(37)} width={width(0, 5.5)} height={height(37, 63)} />
        <rect x={px(94.5)} y={py(37)} width={width(94.5, 100)} height={height(37, 63)} />
        <rect x={px(0) - 6} y={py(44)} width={6} height={height(44, 56)} />
        <rect x={px(100)} y={py(44)} width={6} height={height(44, 56)} />
      </g>
      {shot && side ? (
        <line data-shot={action === 'shotOnTarget' ? 'on' : 'off'} x1={px(ball.x > 50 ? ball.x - 14 : ball.x + 14)} y1={py(56)} x2={px(goalX)} y2={py(action === 'shotOnTarget' ? 50 : 30)} className={styles.shot} />
      ) : null}
      {attacking && side ? <Arrow x={ball.x} y={ball.y} side={side} /> : null}
      <circle data-ball data-zone={ball.zone} cx={px(ball.x)} cy={py(ball.y)} r={6} className={`${styles.ball} ${inBox ? styles.ballDanger : ''}`} />
      <Badge state={state} t={t} />
      <Ends state={state} />
    </svg>
  );
}

export function BasketballCourt({ state, label, t }: FieldProps) {
  const { side } = state.ball;
  // Home attacks the right basket; the attacking half is the one toward the basket the side attacks.
  const basketX = (s: Side) => (s === 'home' ? 94 : 6);
  const flash = state.flash?.kind === 'score' ? state.flash : null;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} className={styles.field} data-field="basketball">
      <rect x={0} y={0} width={W} height={H} rx={8} className={styles.court} />
      {side ? <rect data-attacking={side} x={px(side === 'home' ? 50 : 0)} y={py(0)} width={width(0, 50)} height={height(0, 100)} className={`${styles.band} ${sideClass(side)}`} /> : null}
      <g className={styles.courtLine}>
        <rect x={px(0)} y={py(0)} width={width(0, 100)} height={height(0, 100)} />
        <line x1={px(50)} y1={py(0)} x2={px(50)} y2={py(100)} />
        <circle cx={px(50)} cy={py(50)} r={22} />
        <rect x={px(0)} y={py(34)} width={width(0, 19)} height={height(34, 66)} />
        <rect x={px(81)} y={py(34)} width={width(81, 100)} height={height(34, 66)} />
        <path d={`M ${px(0)} ${py(8)} L ${px(12)} ${py(8)} A ${width(0, 24)} ${height(0, 44)} 0 0 1 ${px(12)} ${py(92)} L ${px(0)} ${py(92)}`} />
        <path d={`M ${px(100)} ${py(8)} L ${px(88)} ${py(8)} A ${width(0, 24)} ${height(0, 44)} 0 0 0 ${px(88)} ${py(92)} L ${px(100)} ${py(92)}`} />
      </g>
      <Ends state={state} />
      <circle cx={px(6)} cy={py(50)} r={7} className={styles.basket} />
      <circle cx={px(94)} cy={py(50)} r={7} className={styles.basket} />
      {flash ? (
        <g data-flash={`${flash.side}+${flash.points}`} className={styles.scoreFlash}>
          <circle cx={px(basketX(flash.side))} cy={py(50)} r={22} className={sideClass(flash.side)} />
          <text x={px(basketX(flash.side) + (flash.side === 'home' ? -14 : 14))} y={py(30)} textAnchor="middle" className={styles.flashText}>
            {flash.points === 1 ? t('freeThrowShort') : `+${flash.points}`}
          </text>
        </g>
      ) : null}
    </svg>
  );
}

/** Tennis: the court with the net across the middle, the server's ball at their baseline, the latest point's winner lit. */
export function TennisCourt({ state, label }: FieldProps) {
  const serving = servingOf(state);
  const { side } = state;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} className={styles.field} data-field="tennis">
      <rect x={0} y={0} width={W} height={H} rx={8} className={styles.hardCourt} />
      {side ? <rect data-point={side} x={px(side === 'home' ? 0 : 50)} y={py(0)} width={width(0, 50)} height={height(0, 100)} className={`${styles.band} ${sideClass(side)}`} /> : null}
      <g className={styles.line}>
        <rect x={px(0)} y={py(0)} width={width(0, 100)} height={height(0, 100)} />
        <line x1={px(0)} y1={py(12)} x2={px(100)} y2={py(12)} />
        <line x1={px(0)} y1={py(88)} x2={px(100)} y2={py(88)} />
        <line x1={px(23)} y1={py(12)} x2={px(23)} y2={py(88)} />
        <line x1={px(77)} y1={py(12)} x2={px(77)} y2={py(88)} />
        <line x1={px(23)} y1={py(50)} x2={px(77)} y2={py(50)} />
      </g>
      <line x1={px(50)} y1={py(-3)} x2={px(50)} y2={py(103)} className={styles.net} />
      {serving ? <circle data-serving={serving} cx={px(serving === 'home' ? 2 : 98)} cy={py(serving === 'home' ? 70 : 30)} r={6} className={styles.ball} /> : null}
      <Ends state={state} />
    </svg>
  );
}

/** Every other sport: a neutral field split between the two sides, with the score, who serves and the latest play's side. */
export function GenericField({ state, label, t }: FieldProps) {
  const serving = servingOf(state);
  const flash = state.flash?.kind === 'score' ? state.flash : null;
  const rows: Side[] = ['home', 'away'];
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} className={styles.field} data-field="generic">
      <rect x={0} y={0} width={W} height={H} rx={8} className={styles.board} />
      {state.side ? <rect data-point={state.side} x={px(state.side === 'home' ? 0 : 50)} y={py(0)} width={width(0, 50)} height={height(0, 100)} className={`${styles.band} ${sideClass(state.side)}`} /> : null}
      <g className={styles.line}>
        <rect x={px(0)} y={py(0)} width={width(0, 100)} height={height(0, 100)} />
        <line x1={px(50)} y1={py(0)} x2={px(50)} y2={py(100)} />
      </g>
      {rows.map((s) => {
        const x = px(s === 'home' ? 25 : 75);
        return (
          <g key={s} data-row={s}>
            {serving === s ? <circle data-serving={s} cx={x} cy={py(22)} r={6} className={styles.serve} /> : null}
            <text x={x} y={py(58)} textAnchor="middle" className={styles.boardScore}>
              {s === 'home' ? state.homeScore : state.awayScore}
            </text>
            {flash?.side === s ? (
              <text data-flash={s} x={x} y={py(80)} textAnchor="middle" className={styles.flashText}>
                {t('scoreFlash')}
              </text>
            ) : null}
          </g>
        );
      })}
      <Ends state={state} />
    </svg>
  );
}
