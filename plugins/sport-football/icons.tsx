import type { ReactNode } from 'react';
import { assetUrlRef, useService } from '../../src/sdk';
import styles from './icons.module.css';

/** Football event types (spec: title, value). */
export const EventType = {
  goal: 1,
  corner: 2,
  yellow: 3,
  red: 4,
  throwIn: 5,
  freeKick: 6,
  goalKick: 7,
  penalty: 8,
  substitution: 9,
  start: 10,
  midfield: 11,
  end: 12,
  halfTimeScore: 13,
  secondYellow: 15,
  penaltyMissed: 16,
  ownGoal: 17,
  injuryTime: 19,
  shotOnTarget: 21,
  shotOffTarget: 22,
  attack: 23,
  dangerousAttack: 24,
  possession: 25,
  extraTimeEnd: 26,
  penaltiesEnd: 27,
} as const;

/** The event types the locale files name; others read "Event". */
const NAMED_EVENT_TYPES: ReadonlySet<number> = new Set(Object.values(EventType));

/** The plugin's string key naming an event type. */
export const eventLabelKey = (type: number) => (NAMED_EVENT_TYPES.has(type) ? `eventType.${type}` : 'eventType.other');

const ball = (fill: string) => (
  <>
    <circle cx="8" cy="8" r="6.5" fill={fill} stroke="currentColor" strokeWidth="1" />
    <path d="M8 4.6 10.9 6.7 9.8 10.1H6.2L5.1 6.7Z" fill="currentColor" />
  </>
);

const card = (fill: string, x = 4.5) => <rect x={x} y="2.5" width="7" height="11" rx="1.2" fill={fill} stroke="rgba(0,0,0,.25)" strokeWidth=".6" />;

const clock = (
  <>
    <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <path d="M8 4.5V8l2.5 1.6" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
  </>
);

function eventShape(type: number): ReactNode {
  switch (type) {
    case EventType.goal:
      return ball('#fff');
    case EventType.ownGoal:
      return ball('#f6c9c8');
    case EventType.penalty:
      return (
        <>
          {ball('#fff')}
          <text x="8" y="15.6" fontSize="5" textAnchor="middle" fill="currentColor" fontWeight="700">P</text>
        </>
      );
    case EventType.penaltyMissed:
      return (
        <>
          {ball('#fff')}
          <path d="M3 3 13 13" stroke="#c5221f" strokeWidth="1.8" />
        </>
      );
    case EventType.corner:
      return (
        <>
          <path d="M4 14.5V2" stroke="currentColor" strokeWidth="1.4" />
          <path d="M4.6 2.4 12.5 4.8 4.6 7.4Z" fill="#d12d31" />
        </>
      );
    case EventType.yellow:
      return card('#f5c518');
    case EventType.red:
      return card('#d12d31');
    case EventType.secondYellow:
      return (
        <>
          {card('#f5c518', 2.5)}
          {card('#d12d31', 6.5)}
        </>
      );
    case EventType.substitution:
      return (
        <>
          <path d="M5 13V4M2.5 6.5 5 3.5l2.5 3" fill="none" stroke="#157a43" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M11 3v9M8.5 9.5 11 12.5l2.5-3" fill="none" stroke="#c5221f" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </>
      );
    case EventType.shotOnTarget:
      return (
        <>
          <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <circle cx="8" cy="8" r="3" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <circle cx="8" cy="8" r="1" fill="currentColor" />
        </>
      );
    case EventType.shotOffTarget:
      return (
        <>
          <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.3" strokeDasharray="2 1.6" />
          <path d="M10 6 14.5 1.5M11.5 1.5h3v3" fill="none" stroke="currentColor" strokeWidth="1.3" />
        </>
      );
    case EventType.attack:
      return <path d="M3 4 8 8 3 12M8 4 13 8 8 12" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />;
    case EventType.dangerousAttack:
      return <path d="M3 4 8 8 3 12M8 4 13 8 8 12" fill="none" stroke="#d12d31" strokeWidth="1.9" strokeLinejoin="round" />;
    case EventType.start:
    case EventType.end:
    case EventType.halfTimeScore:
    case EventType.injuryTime:
    case EventType.extraTimeEnd:
    case EventType.penaltiesEnd:
      return clock;
    case EventType.throwIn:
      return <path d="M4 12c1-5 4-8 8-8M9.5 2.5 12 4l-1.5 2.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />;
    case EventType.freeKick:
    case EventType.goalKick:
      return (
        <>
          <circle cx="10.5" cy="10.5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <path d="M2 2 7 7" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
        </>
      );
    default:
      return <circle cx="8" cy="8" r="3" fill="currentColor" />;
  }
}

/** An event type's icon with its name as the accessible label. */
export function EventIcon({ type, label }: { type: number; label: string }) {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={label}>
      <title>{label}</title>
      {eventShape(type)}
    </svg>
  );
}

/** Icon keys by the feed's weather ids (1 sunny ... 8 snow), for answers that carry only the id. */
const WEATHER_BY_ID: Record<number, string> = { 1: 'sunny', 2: 'partly-cloudy', 3: 'overcast', 4: 'light-rain', 5: 'rain', 6: 'thunderstorm', 7: 'fog', 8: 'snow' };

/** The icon keys drawn inline. */
const WEATHER_SHAPES: Record<string, true> = { sunny: true, 'partly-cloudy': true, overcast: true, 'light-rain': true, rain: true, thunderstorm: true, fog: true, snow: true };

const cloud = (fill = '#c9d3e0') => <path d="M7 19h11a4 4 0 0 0 0-8 5.5 5.5 0 0 0-10.6-1.5A4.5 4.5 0 0 0 7 19Z" fill={fill} stroke="#8a98ad" strokeWidth="1" />;
const sun = (cx: number, cy: number, r: number) => (
  <g stroke="#f5a623" strokeWidth="1.6" strokeLinecap="round">
    <circle cx={cx} cy={cy} r={r} fill="#f8c24a" />
    {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
      const rad = (a * Math.PI) / 180;
      return <line key={a} x1={cx + Math.cos(rad) * (r + 2)} y1={cy + Math.sin(rad) * (r + 2)} x2={cx + Math.cos(rad) * (r + 4)} y2={cy + Math.sin(rad) * (r + 4)} />;
    })}
  </g>
);
const drops = (n: number) => (
  <g stroke="#1565d8" strokeWidth="1.6" strokeLinecap="round">
    {Array.from({ length: n }, (_, i) => (
      <line key={i} x1={9 + i * 4} y1="21" x2={8 + i * 4} y2="24" />
    ))}
  </g>
);

function weatherShape(key: string): ReactNode {
  switch (key) {
    case 'sunny':
      return sun(14, 14, 5);
    case 'partly-cloudy':
      return (
        <>
          {sun(10, 9, 4)}
          {cloud('#e4e9f0')}
        </>
      );
    case 'light-rain':
      return (
        <>
          {cloud()}
          {drops(2)}
        </>
      );
    case 'rain':
      return (
        <>
          {cloud('#aebacb')}
          {drops(3)}
        </>
      );
    case 'thunderstorm':
      return (
        <>
          {cloud('#8f9cb0')}
          <path d="M14 18 11 23h3l-2 4 5-6h-3l2-3Z" fill="#f5a623" />
        </>
      );
    case 'fog':
      return (
        <g stroke="#8a98ad" strokeWidth="2" strokeLinecap="round">
          <line x1="5" y1="10" x2="23" y2="10" />
          <line x1="3" y1="14" x2="21" y2="14" />
          <line x1="6" y1="18" x2="24" y2="18" />
        </g>
      );
    case 'snow':
      return (
        <>
          {cloud()}
          <g fill="#5d9be8">
            <circle cx="10" cy="23" r="1.3" />
            <circle cx="14" cy="25" r="1.3" />
            <circle cx="18" cy="23" r="1.3" />
          </g>
        </>
      );
    default:
      return cloud();
  }
}

/**
 * The weather picture: the answer's `weather_image` is an icon key today (drawn inline); should an operator's
 * platform send an image path or URL instead, that image is shown from the icon host.
 */
export function WeatherIcon({ image, id, label }: { image: string; id: number; label: string }) {
  const assetUrl = useService(assetUrlRef);
  if (/[/.]/.test(image)) return <img className={styles.weather} src={assetUrl(image)} alt={label} width={32} height={32} />;
  const key = image in WEATHER_SHAPES ? image : (WEATHER_BY_ID[id] ?? image);
  return (
    <svg className={styles.weather} viewBox="0 0 28 28" width="32" height="32" role="img" aria-label={label}>
      {weatherShape(key)}
    </svg>
  );
}
