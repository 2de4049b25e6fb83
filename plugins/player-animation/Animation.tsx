import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDuration } from '../../src/domain/duration';
import type { AnimationProps } from '../../src/kernel/points';
import { useKernel, usePlugin } from '../../src/kernel/Slot';
import { apiLanguageOf } from '../../src/services/i18n';
import type { AppServices } from '../../src/ui/services';
import styles from './Animation.module.css';
import { BasketballCourt, FootballPitch, Scoreboard } from './Fields';
import {
  applyPush,
  applyStats,
  BAR_STATS,
  clockSeconds,
  dismissFlash,
  eventTime,
  initialState,
  type AnimationStart,
  type StatRow,
  type TrackerState,
  type WireLanguage,
} from './tracker';

interface AnimationOptions extends Record<string, unknown> {
  highlightMs: number;
  showStats: boolean;
}

type Phase = 'loading' | 'failed' | 'ready';

const CLOCK_TICK_MS = 1000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** football:tec carries every football match's statistics with names in all five languages. */
function statsOfTec(data: unknown, matchId: number, language: WireLanguage): StatRow[] | undefined {
  if (!isRecord(data) || data.matchId !== matchId || !Array.isArray(data.stats)) return undefined;
  return data.stats.filter(isRecord).map((s) => ({
    key: String(s.key),
    name: isRecord(s.name) ? String(s.name[language] ?? s.name.CMN ?? s.key) : String(s.name ?? s.key),
    home: Number(s.home) || 0,
    away: Number(s.away) || 0,
  }));
}

/** What the drawing's label says: the situation, and who serves where that is known. */
function situationLabel(state: TrackerState, t: TFunction): string {
  const team = state.side === 'home' ? state.home : state.side === 'away' ? state.away : '';
  const situation = t(`situation.${state.action}`, { team, home: state.home, away: state.away });
  const serving = state.serveIn === 1 ? state.home : state.serveIn === 2 ? state.away : null;
  return serving && state.inPlay ? `${situation}. ${t('serving', { team: serving })}` : situation;
}

function Bars({ state }: { state: TrackerState }) {
  const rows = BAR_STATS[state.kind].map((key) => state.stats.find((s) => s.key === key)).filter((s): s is StatRow => s !== undefined);
  if (rows.length === 0) return null;
  return (
    <dl className={styles.bars}>
      {rows.map((s) => {
        const total = s.home + s.away;
        const share = total > 0 ? (s.home / total) * 100 : 50;
        return (
          <div key={s.key} className={styles.bar} data-stat={s.key}>
            <dt className={styles.barName}>{s.name}</dt>
            <dd className={styles.barValues}>
              <span>{s.home}</span>
              <svg viewBox="0 0 100 6" preserveAspectRatio="none" className={styles.barTrack} aria-hidden="true">
                <rect x={0} y={0} width={share} height={6} className={styles.home} />
                <rect x={share} y={0} width={100 - share} height={6} className={styles.away} />
              </svg>
              <span>{s.away}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Cards({ state, side }: { state: TrackerState; side: 'home' | 'away' }) {
  const { t } = useTranslation('animation');
  if (state.kind !== 'football') return null;
  const { yellow, red } = state.cards[side];
  return (
    <span className={styles.cards}>
      {yellow > 0 ? <span className={styles.yellowChip} title={t('cards.yellow', { count: yellow })} aria-label={t('cards.yellow', { count: yellow })}>{yellow}</span> : null}
      {red > 0 ? <span className={styles.redChip} title={t('cards.red', { count: red })} aria-label={t('cards.red', { count: red })}>{red}</span> : null}
    </span>
  );
}

/**
 * The match tracker: fetches the starting state from the animation url (the media host), then follows the match on
 * its push channel. Football draws a pitch, basketball a court, every other sport a scoreboard.
 */
export function Animation({ url, matchId, sportId }: AnimationProps) {
  const { services } = useKernel<AppServices>();
  const { options } = usePlugin<AnimationOptions>();
  const { t, i18n } = useTranslation('animation');
  const language = apiLanguageOf(i18n.language) as WireLanguage;
  const [phase, setPhase] = useState<Phase>('loading');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TrackerState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const clockLoop = `animation-clock-${matchId}-${useId()}`;
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    let cancelled = false;
    let current: TrackerState | null = null;
    // Pushes that arrive before the starting state are replayed onto it (events already answered are skipped).
    const early: unknown[] = [];
    setPhase('loading');
    const update = (next: TrackerState) => {
      if (next === current) return;
      current = next;
      setState(next);
    };
    const offScore = services.push.subscribe(`match:${matchId}:score`, (data) => {
      if (current) update(applyPush(current, data, language, Date.now()));
      else early.push(data);
    });
    const offTec =
      sportId === 1 || sportId === 177
        ? services.push.subscribe('football:tec', (data) => {
            const stats = current ? statsOfTec(data, matchId, language) : undefined;
            if (current && stats) update(applyStats(current, stats));
          })
        : () => undefined;
    services.http.media
      .get<unknown, AnimationStart>(url)
      .then((start) => {
        if (cancelled) return;
        const now = Date.now();
        let next = initialState(start, now);
        for (const data of early) next = applyPush(next, data, language, now);
        // The starting state's last goal is history, not news: no overlay for it.
        current = { ...next, flash: null };
        setState(current);
        setNow(now);
        setPhase('ready');
      })
      .catch(() => {
        if (!cancelled) setPhase('failed');
      });
    return () => {
      cancelled = true;
      offScore();
      offTec();
    };
  }, [services, url, matchId, sportId, language, attempt]);

  const flash = state?.flash ?? null;
  useEffect(() => {
    if (!flash) return undefined;
    if (flash.kind === 'goal' && state) {
      const team = flash.side === 'home' ? state.home : state.away;
      setAnnouncement(tRef.current('announce.goal', { team, home: state.home, away: state.away, homeScore: state.homeScore, awayScore: state.awayScore }));
    }
    const timer = setTimeout(() => setState((s) => (s ? dismissFlash(s, flash.seq) : s)), options.highlightMs);
    return () => clearTimeout(timer);
    // The overlay lives for its own seq; a later score update must not restart its timer.
  }, [flash?.seq, options.highlightMs]);

  const running = Boolean(state?.clock.running && state.clock.type !== 'none');
  useEffect(() => {
    if (!running) return undefined;
    const loop = services.scheduler.every(clockLoop, CLOCK_TICK_MS, () => setNow(Date.now()), { pauseWhenHidden: true });
    return () => loop.stop();
  }, [services, running, clockLoop]);

  if (phase === 'loading' || (phase === 'ready' && !state)) {
    return (
      <section className={styles.tracker} data-animation="loading" aria-label={t('title')} aria-busy="true">
        <p role="status" className={styles.message}>
          {t('loading')}
        </p>
      </section>
    );
  }
  if (phase === 'failed' || !state) {
    return (
      <section className={styles.tracker} data-animation="failed" aria-label={t('title')}>
        <div role="alert" className={styles.message}>
          <span>{t('failed')}</span>
          <button type="button" className={styles.retry} onClick={() => setAttempt((a) => a + 1)}>
            {t('retry')}
          </button>
        </div>
      </section>
    );
  }

  const label = situationLabel(state, t);
  const lastEvent = state.events[state.events.length - 1];
  const Field = state.kind === 'football' ? FootballPitch : state.kind === 'basketball' ? BasketballCourt : Scoreboard;
  return (
    <section className={styles.tracker} data-animation={state.inPlay ? 'live' : 'not-live'} aria-label={t('title')}>
      <header className={styles.top}>
        <span className={`${styles.team} ${styles.homeName}`}>
          {state.home}
          <Cards state={state} side="home" />
        </span>
        <span className={styles.score} data-score>
          <span className="sp-visually-hidden">{t('scoreLabel')} </span>
          {state.homeScore} - {state.awayScore}
        </span>
        <span className={`${styles.team} ${styles.awayName}`}>
          <Cards state={state} side="away" />
          {state.away}
        </span>
        <span className={styles.period}>
          {state.matchPeriod}
          {state.inPlay && state.clock.type !== 'none' ? (
            <time className={styles.clock} data-clock>
              {formatDuration(clockSeconds(state, now))}
            </time>
          ) : null}
        </span>
      </header>
      {state.inPlay ? (
        <Field state={state} label={label} t={t} />
      ) : (
        <p className={styles.message} data-not-live>
          {t('notLive')}
        </p>
      )}
      {lastEvent ? (
        <p className={styles.ticker} data-ticker>
          <span className="sp-visually-hidden">{t('lastEvent')} </span>
          {eventTime(state.kind, lastEvent) ? <span className={styles.tickerTime}>{eventTime(state.kind, lastEvent)}</span> : null}
          {lastEvent.text}
        </p>
      ) : null}
      {options.showStats && state.inPlay ? <Bars state={state} /> : null}
      <div className="sp-visually-hidden" aria-live="assertive" aria-atomic="true" data-announcer>
        {announcement}
      </div>
    </section>
  );
}
