import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiLanguageOf, formatDuration, httpRef, pushRef, schedulerRef, tabId, tabPanelId, Tabs, usePlugin, useService, type AnimationProps } from '../../src/sdk';
import styles from './Animation.module.css';
import { BasketballCourt, FootballPitch, GenericField, TennisCourt } from './Fields';
import { TrackerStore } from './store';
import {
  atHalfTime,
  BAR_STATS,
  clockSeconds,
  dismissCallout,
  dismissFlash,
  eventTime,
  servingOf,
  type Side,
  type StatRow,
  type TrackerEvent,
  type TrackerKind,
  type TrackerState,
  type WireLanguage,
} from './tracker';

interface AnimationOptions extends Record<string, unknown> {
  highlightMs: number;
  showStats: boolean;
}

type View = 'field' | 'stats';

const CLOCK_TICK_MS = 1000;
/** How long before its end the event's name starts fading (the CSS transition's length). */
const CALLOUT_FADE_MS = 400;

/** What the drawing's label says: the situation, and who serves where that is known. */
function situationLabel(state: TrackerState, t: TFunction): string {
  const team = state.side === 'home' ? state.home : state.side === 'away' ? state.away : '';
  const situation = t(`situation.${state.action}`, { team, home: state.home, away: state.away });
  const serving = teamOf(state, servingOf(state));
  return serving ? `${situation}. ${t('serving', { team: serving })}` : situation;
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

const FIELDS: Record<TrackerKind, typeof FootballPitch> = { football: FootballPitch, basketball: BasketballCourt, tennis: TennisCourt, generic: GenericField };

const teamOf = (state: TrackerState, side: Side | null) => (side === 'home' ? state.home : side === 'away' ? state.away : '');

/** The latest event named over the field ("GOAL! 2 - 1", "Lions dangerous attack") until its timer dismisses it. */
function Callout({ state, leaving, t }: { state: TrackerState; leaving: boolean; t: TFunction }) {
  const callout = state.callout;
  if (!callout || callout.action === 'none') return null;
  const team = teamOf(state, callout.side);
  const goal = callout.action === 'goal';
  const side = callout.side ?? 'none';
  return (
    // Not a live region: the field's label states the same situation, and goals are announced on their own.
    <p key={callout.seq} className={`${styles.callout} ${goal ? styles.calloutGoal : ''}`} data-callout={callout.action} data-side={side} data-leaving={leaving || undefined}>
      {goal ? (
        <>
          <span className={styles.calloutTitle}>{`${t('goal')} ${callout.homeScore} - ${callout.awayScore}`}</span>
          <span className={styles.calloutTeam}>{team}</span>
        </>
      ) : (
        <span className={styles.calloutTitle}>{t(`situation.${callout.action}`, { team, home: state.home, away: state.away })}</span>
      )}
    </p>
  );
}

/** The latest events, newest first, with their time and team: a list that scrolls instead of being clipped. */
function Timeline({ state, t }: { state: TrackerState; t: TFunction }) {
  const events = state.events.filter((e) => e.text).reverse();
  // Sports whose events carry no time (tennis points) give the time's column to the text.
  const timed = events.some((e) => eventTime(state.kind, e, t('halfTime')));
  return (
    // Focusable so a keyboard can scroll it (it is a scrolling region).
    <div className={styles.timeline} role="region" aria-label={t('timeline')} tabIndex={0} data-timeline>
      {events.length === 0 ? (
        <p className={styles.timelineEmpty}>{t('noEvents')}</p>
      ) : (
        <ol className={`${styles.timelineList} ${timed ? styles.timed : ''}`}>
          {events.map((e: TrackerEvent) => (
            <li key={e.seq} className={styles.timelineItem} data-seq={e.seq}>
              {timed ? <span className={styles.timelineTime}>{eventTime(state.kind, e, t('halfTime'))}</span> : null}
              <span className={`${styles.timelineTeam} ${e.team === 'away' ? styles.teamAway : e.team === 'home' ? styles.teamHome : ''}`}>{teamOf(state, e.team)}</span>
              <span className={styles.timelineText}>{e.text}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The match tracker: fetches the starting state from the animation url (the media host), then follows the match on
 * its push channel. It draws the field the sport's plugin names (`field`: a football pitch, a basketball or tennis
 * court), or a scoreboard for a sport no plugin describes.
 */
export const Animation = observer(function Animation({ url, matchId, field }: AnimationProps) {
  const push = useService(pushRef);
  const http = useService(httpRef);
  const scheduler = useService(schedulerRef);
  const { options } = usePlugin<AnimationOptions>();
  const { t, i18n } = useTranslation('animation');
  const language = apiLanguageOf(i18n.language) as WireLanguage;
  const [tracker] = useState(() => TrackerStore.create({}, { http, push, now: Date.now }));
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const [view, setView] = useState<View>('field');
  const [leaving, setLeaving] = useState<number | null>(null);
  const panelPrefix = `animation-${useId()}`;
  const clockLoop = `animation-clock-${matchId}-${useId()}`;
  const tRef = useRef(t);
  tRef.current = t;
  const { state, phase } = tracker;
  const dismiss = (change: (s: TrackerState) => TrackerState) => tracker.update(change);

  useEffect(() => tracker.follow({ url, matchId, kind: field ?? 'generic', language }), [tracker, url, matchId, field, language, attempt]);

  const flash = state?.flash ?? null;
  useEffect(() => {
    if (!flash) return undefined;
    if (flash.kind === 'goal' && state) {
      const team = flash.side === 'home' ? state.home : state.away;
      setAnnouncement(tRef.current('announce.goal', { team, home: state.home, away: state.away, homeScore: state.homeScore, awayScore: state.awayScore }));
    }
    const timer = setTimeout(() => dismiss((s) => dismissFlash(s, flash.seq)), options.highlightMs);
    return () => clearTimeout(timer);
    // The overlay lives for its own seq; a later score update must not restart its timer.
  }, [flash?.seq, options.highlightMs]);

  const calloutSeq = state?.callout?.seq;
  useEffect(() => {
    if (calloutSeq === undefined) return undefined;
    const fade = setTimeout(() => setLeaving(calloutSeq), Math.max(0, options.highlightMs - CALLOUT_FADE_MS));
    const timer = setTimeout(() => dismiss((s) => dismissCallout(s, calloutSeq)), options.highlightMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(timer);
    };
  }, [calloutSeq, options.highlightMs]);

  const running = Boolean(state?.clock.running && state.clock.type !== 'none');
  useEffect(() => {
    if (!running) return undefined;
    const loop = scheduler.every(clockLoop, CLOCK_TICK_MS, () => setNow(Date.now()), { pauseWhenHidden: true });
    return () => loop.stop();
  }, [scheduler, running, clockLoop]);

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
  const Field = FIELDS[state.kind];
  const stats = options.showStats && state.inPlay && BAR_STATS[state.kind].some((key) => state.stats.some((s) => s.key === key));
  const shown: View = stats ? view : 'field';
  const drawing = state.inPlay ? (
    <figure className={styles.figure}>
      <Field state={state} label={label} t={t} />
      <Callout state={state} leaving={leaving !== null && leaving === state.callout?.seq} t={t} />
    </figure>
  ) : (
    <p className={styles.message} data-not-live>
      {t('notLive')}
    </p>
  );
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
          {/* At half-time the period's name says it; the clock standing at the half's end would read as a minute played. */}
          {state.inPlay && state.clock.type !== 'none' && !atHalfTime(state) ? (
            <time className={styles.clock} data-clock>
              {formatDuration(clockSeconds(state, Math.max(now, tracker.startedAt)))}
            </time>
          ) : null}
        </span>
      </header>
      {stats ? (
        <Tabs
          tabs={[
            { id: 'field', label: t('tabs.field') },
            { id: 'stats', label: t('tabs.stats') },
          ]}
          selected={shown}
          onSelect={setView}
          label={t('tabs.label')}
          idPrefix={panelPrefix}
          classNames={{ list: styles.tabs, tab: styles.tab }}
        />
      ) : null}
      <div className={styles.panel} {...(stats ? { role: 'tabpanel', id: tabPanelId(panelPrefix), 'aria-labelledby': tabId(panelPrefix, shown) } : {})}>
        {shown === 'stats' ? <div className={styles.stats}><Bars state={state} /></div> : drawing}
      </div>
      <Timeline state={state} t={t} />
      <div className="sp-visually-hidden" aria-live="assertive" aria-atomic="true" data-announcer>
        {announcement}
      </div>
    </section>
  );
});
