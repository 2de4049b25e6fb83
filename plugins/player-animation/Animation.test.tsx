import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { animationPoint, httpRef, pushRef, schedulerRef, type AnimationField, type PushHandler } from '../../src/sdk';
import { createKernelEvents, createScheduler, createTestI18n, KernelProvider, loadPlugins, provideServices, registryOf, Slot } from '../../src/sdk/testing';
import plugin from './index';
import type { AnimationStart, TrackerEvent } from './tracker';

type Get = (url: string) => Promise<unknown>;

/** A push client that records handlers per channel so a test can push frames and see unsubscribes. */
function fakePush() {
  const handlers = new Map<string, Set<PushHandler>>();
  const unsubscribed: string[] = [];
  return {
    unsubscribed,
    channels: () => [...handlers.entries()].filter(([, set]) => set.size > 0).map(([ch]) => ch),
    subscribe: jest.fn((channel: string, handler?: PushHandler) => {
      const set = handlers.get(channel) ?? new Set<PushHandler>();
      handlers.set(channel, set);
      if (handler) set.add(handler);
      return () => {
        if (handler) set.delete(handler);
        unsubscribed.push(channel);
      };
    }),
    send(channel: string, data: unknown) {
      act(() => {
        for (const h of handlers.get(channel) ?? []) h(data);
      });
    },
  };
}

let seq = 100;
/** An event as the route answers it (text in one language) or as a push carries it (text in every language). */
function event(over: Partial<Omit<TrackerEvent, 'text'>> & { type: number; text?: string | Record<string, string> }): TrackerEvent {
  seq += 1;
  return { seq, code: '', team: 'home', second: 1500, period: 1, homeScore: 1, awayScore: 0, ...over, text: over.text ?? 'text' } as TrackerEvent;
}

function football(over: Partial<AnimationStart> = {}): AnimationStart {
  return {
    matchId: 9,
    sportId: 1,
    matchStatus: 1,
    inPlay: true,
    period: 1,
    matchPeriod: '1st Half',
    clock: { running: true, period: 1, second: 1500, type: 'up' },
    homeScore: 1,
    awayScore: 0,
    score: [],
    home: { id: 1, name: 'Lions' },
    away: { id: 2, name: 'Tigers' },
    serveIn: 0,
    events: [event({ type: 23, code: 'attack', team: 'away', text: 'Tigers attack' })],
    stats: [
      { key: 'possession', name: 'Possession %', home: 55, away: 45 },
      { key: 'dangerousAttacks', name: 'Dangerous Attacks', home: 4, away: 6 },
    ],
    ...over,
  };
}

/** `field` is what the sport's plugin would declare (football's pitch unless a test says otherwise). */
async function setup(answers: Array<unknown | Error>, props: { sportId?: number; field?: AnimationField; matchId?: number; fakeTimers?: boolean } = {}) {
  const get = jest.fn<Get>();
  for (const a of answers) {
    if (a instanceof Error) get.mockRejectedValueOnce(a);
    else get.mockResolvedValueOnce(a);
  }
  const push = fakePush();
  const silent = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const scheduler = createScheduler({ logger: silent });
  const services = provideServices([httpRef, { media: { get } } as never], [pushRef, push as never], [schedulerRef, scheduler]);
  const plugins = loadPlugins({ plugins: [{ id: plugin.manifest.id, enabled: true, options: { highlightMs: 3000 } }] }, registryOf(plugin), { services });
  const i18n = await createTestI18n('en');
  await i18n.loadNamespaces(['common', 'animation']);
  // Installed once the locale files are read: i18next's loading waits on timers of its own.
  if (props.fakeTimers) jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const matchId = props.matchId ?? 9;
  const sportId = props.sportId ?? 1;
  const field = 'field' in props ? props.field : 'football';
  let view!: ReturnType<typeof render>;
  const ui = (
    <I18nextProvider i18n={i18n}>
      <KernelProvider value={{ plugins, services, events: createKernelEvents() }}>
        <Slot point={animationPoint} select={{ sportId }} render={(m) => <m.Animation url={`/media/animation/${matchId}`} matchId={matchId} sportId={sportId} field={field} />} />
      </KernelProvider>
    </I18nextProvider>
  );
  // React 19 suspends inside act: render in an awaited act, then wait for the plugin's chunk and the route answer.
  await act(async () => {
    view = render(ui);
  });
  await settle();
  return { get, push, view, scheduler };
}

/** Lets the plugin's chunk and the route answer resolve: microtasks only, so it works on jest's fake timers too. */
async function settle() {
  for (let i = 0; i < 50 && !document.querySelector('[data-animation]:not([data-animation="loading"])'); i++) {
    await act(async () => {
      for (let j = 0; j < 10; j++) await Promise.resolve();
    });
  }
}

afterEach(() => {
  jest.useRealTimers();
});

describe('<Animation> (player-animation)', () => {
  it('draws the starting state from the route answer: teams, score, period, clock, play, ticker and bars', async () => {
    const { get, push } = await setup([football()]);
    expect(get).toHaveBeenCalledWith('/media/animation/9');
    expect(push.channels()).toEqual(['match:9:score', 'football:tec']);
    const top = within(document.querySelector('header') as HTMLElement);
    expect(top.getByText('Lions')).toBeInTheDocument();
    expect(top.getByText('Tigers')).toBeInTheDocument();
    expect(document.querySelector('[data-score]')).toHaveTextContent('1 - 0');
    expect(screen.getByText('1st Half')).toBeInTheDocument();
    expect(document.querySelector('[data-clock]')).toHaveTextContent('25:00');
    const field = screen.getByRole('img', { name: 'Tigers attack' });
    expect(field.querySelector('[data-ball]')).toHaveAttribute('data-zone', 'homeThird');
    // The starting state's events are history: nothing is named over the field for them.
    expect(document.querySelector('[data-callout]')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Match events, newest first' })).getAllByRole('listitem')[0]).toHaveTextContent("26'TigersTigers attack");
    expect(document.querySelector('[data-stat]')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(screen.getByRole('tabpanel', { name: 'Stats' }).querySelector('[data-stat="possession"]')).toHaveTextContent('Possession %5545');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('moves the ball into the box on a pushed dangerous attack and says so in the label', async () => {
    const { push } = await setup([football()]);
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 24, code: 'dangerousAttack', team: 'home', text: { ENG: 'Dangerous attack by Lions', CMN: '危险进攻' } }) });
    const field = screen.getByRole('img', { name: 'Lions dangerous attack' });
    expect(field.querySelector('[data-ball]')).toHaveAttribute('data-zone', 'awayBox');
    expect(field.querySelector('[data-highlight="box"]')).not.toBeNull();
    expect(field.querySelector('[data-attack="home"]')).not.toBeNull();
    expect(document.querySelector('[data-callout="dangerousAttack"]')).toHaveTextContent('Lions dangerous attack');
    expect(document.querySelector('[data-timeline] li')).toHaveTextContent('Dangerous attack by Lions');
    fireEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(document.querySelector('[data-stat="dangerousAttacks"]')).toHaveTextContent('56');
    push.send('football:tec', { matchId: 9, stats: [{ key: 'possession', name: { ENG: 'Possession %' }, home: 60, away: 40 }, { key: 'dangerousAttacks', name: { ENG: 'Dangerous Attacks' }, home: 5, away: 6 }] });
    expect(document.querySelector('[data-stat="possession"]')).toHaveTextContent('6040');
    push.send('football:tec', { matchId: 10, stats: [] });
    expect(document.querySelector('[data-stat="possession"]')).toHaveTextContent('6040');
  });

  it('names a goal over the field with the new score and the scorer side, announces it, then clears it after highlightMs', async () => {
    const { push } = await setup([football()], { fakeTimers: true });
    push.send('match:9:score', { kind: 'score', matchId: 9, homeScore: 1, awayScore: 1, score: [], period: 1 });
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 1, code: 'goal', team: 'away', homeScore: 1, awayScore: 1, text: { ENG: 'Goal! Tigers' } }) });
    const callout = document.querySelector('[data-callout="goal"]');
    expect(callout).toHaveTextContent('GOAL! 1 - 1Tigers');
    expect(callout).toHaveAttribute('data-side', 'away');
    expect(document.querySelector('[data-score]')).toHaveTextContent('1 - 1');
    expect(screen.getByRole('img', { name: 'Goal for Tigers' })).toBeInTheDocument();
    expect(document.querySelector('[data-announcer]')).toHaveTextContent('Goal for Tigers! Lions 1 - 1 Tigers');
    act(() => jest.advanceTimersByTime(2500));
    expect(document.querySelector('[data-callout="goal"]')).not.toHaveAttribute('data-leaving');
    // It fades out over the end of its time, then goes.
    act(() => jest.advanceTimersByTime(400));
    expect(document.querySelector('[data-callout="goal"]')).toHaveAttribute('data-leaving');
    act(() => jest.advanceTimersByTime(200));
    expect(document.querySelector('[data-callout]')).toBeNull();
    expect(document.querySelector('[data-score]')).toHaveTextContent('1 - 1');
    // The running clock ticks locally, once a second (the scheduler plans each tick after the last one ran).
    for (let i = 0; i < 4; i++) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(document.querySelector('[data-clock]')).toHaveTextContent('25:07');
  });

  it('shows a card badge for the team and counts it beside its name', async () => {
    const { push } = await setup([football()]);
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 3, code: 'yellowCard', team: 'home', text: { ENG: 'Yellow card: Ray (Lions)' } }) });
    const field = screen.getByRole('img', { name: 'Yellow card for Lions' });
    expect(field.querySelector('[data-badge="home-yellowCard"]')).not.toBeNull();
    // The ball stays where the play was.
    expect(field.querySelector('[data-ball]')).toHaveAttribute('data-zone', 'homeThird');
    expect(screen.getByLabelText('Yellow cards: 1')).toHaveTextContent('1');
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 9, code: 'substitution', team: 'away', text: { ENG: 'Substitution Tigers' } }) });
    expect(screen.getByRole('img', { name: 'Substitution for Tigers' }).querySelector('[data-badge="away-substitution"]')).toHaveTextContent('SUB');
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 2, code: 'corner', team: 'away', text: { ENG: 'Corner for Tigers' } }) });
    expect(screen.getByRole('img', { name: 'Corner for Tigers' }).querySelector('[data-ball]')).toHaveAttribute('cx', '15.76');
  });

  it('draws basketball: the attacking half, +3 flashing at the basket, quarter and game clock', async () => {
    const start = football({
      sportId: 3,
      period: 5,
      matchPeriod: 'Q3',
      clock: { running: true, period: 5, second: 330, type: 'down' },
      homeScore: 60,
      awayScore: 58,
      events: [event({ type: 114, code: 'rebound', team: 'home', section: 3, clockText: '05:40', text: 'Lions rebound' })],
      stats: [{ key: 'threePointers', name: '3-Pointers', home: 5, away: 7 }, { key: 'fouls', name: 'Fouls', home: 9, away: 8 }],
    });
    const { push } = await setup([start], { sportId: 3, field: 'basketball' });
    expect(push.channels()).toEqual(['match:9:score']);
    const court = screen.getByRole('img', { name: 'Lions rebound' });
    expect(court.querySelector('[data-attacking="home"]')).not.toBeNull();
    expect(screen.getByText('Q3')).toBeInTheDocument();
    expect(document.querySelector('[data-clock]')).toHaveTextContent('05:30');
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 103, code: 'threePointer', team: 'away', homeScore: 60, awayScore: 61, section: 3, clockText: '05:20', text: { ENG: 'Tiger makes a 3-pointer' } }) });
    const flash = screen.getByRole('img', { name: 'Tigers score a 3-pointer' }).querySelector('[data-flash]');
    expect(flash).toHaveAttribute('data-flash', 'away+3');
    expect(flash).toHaveTextContent('+3');
    expect(document.querySelector('[data-score]')).toHaveTextContent('60 - 61');
    expect(document.querySelector('[data-callout="threePoints"]')).toHaveTextContent('Tigers score a 3-pointer');
    fireEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(document.querySelector('[data-stat="threePointers"]')).toHaveTextContent('58');
    fireEvent.click(screen.getByRole('tab', { name: 'Field' }));
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 112, code: 'timeout', team: 'home', homeScore: 60, awayScore: 61, text: { ENG: 'Timeout Lions' } }) });
    expect(screen.getByRole('img', { name: 'Timeout Lions' })).toBeInTheDocument();
  });

  it("draws a generic tracker for other sports with who serves by the feed's field, which the score push moves, not a guess from the point (the scoreboard's rule)", async () => {
    const start = football({
      sportId: 13,
      matchPeriod: 'Set 2',
      period: 2,
      clock: { running: false, period: 2, second: 0, type: 'none' },
      homeScore: 1,
      awayScore: 0,
      serveIn: 1,
      events: [event({ type: 104, code: 'pointWon', team: 'home', text: 'Point Lions, 10-8' })],
      stats: [],
    });
    const { push } = await setup([start], { sportId: 13, field: undefined });
    const board = screen.getByRole('img', { name: 'Point for Lions. Lions serving' });
    expect(board.querySelector('[data-serving="home"]')).not.toBeNull();
    expect(document.querySelector('[data-clock]')).toBeNull();
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 104, code: 'pointWon', team: 'away', homeScore: 1, awayScore: 0, text: { ENG: 'Point Tigers, 10-9' } }) });
    // The scoreboard shows the feed's serveIn as answered; a guess from the point would put the markers apart.
    const next = screen.getByRole('img', { name: 'Point for Tigers. Lions serving' });
    expect(next.querySelector('[data-serving="home"]')).not.toBeNull();
    // The feed's field moves with the score push that follows the point, the one the scoreboard reads too.
    push.send('match:9:score', { kind: 'score', matchId: 9, homeScore: 1, awayScore: 0, score: [], period: 2, serveIn: 2 });
    expect(screen.getByRole('img', { name: 'Point for Tigers. Tigers serving' }).querySelector('[data-serving="away"]')).not.toBeNull();
    expect(document.querySelector('[data-timeline] li')).toHaveTextContent('Point Tigers, 10-9');
    // No statistics to show: no tabs, the field alone.
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('draws tennis on a court with the server at their baseline and the half of the side that won the point lit', async () => {
    const start = football({
      sportId: 5,
      matchPeriod: 'Set 1',
      clock: { running: false, period: 1, second: 0, type: 'none' },
      homeScore: 0,
      awayScore: 0,
      serveIn: 2,
      events: [],
      stats: [],
    });
    const { push } = await setup([start], { sportId: 5, field: 'tennis' });
    const court = screen.getByRole('img', { name: 'Lions v Tigers. Tigers serving' });
    expect(court).toHaveAttribute('data-field', 'tennis');
    expect(court.querySelector('[data-serving="away"]')).not.toBeNull();
    expect(screen.getByText('No events yet.')).toBeInTheDocument();
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 117, code: 'ace', team: 'away', homeScore: 0, awayScore: 0, text: { ENG: 'Ace by Tigers' } }) });
    const next = screen.getByRole('img', { name: 'Ace by Tigers. Tigers serving' });
    expect(next.querySelector('[data-point="away"]')).not.toBeNull();
    expect(document.querySelector('[data-callout="ace"]')).toHaveTextContent('Ace by Tigers');
  });

  it('names each event over the field for highlightMs, a newer one replacing it, and lists events newest first', async () => {
    const { push } = await setup([football()], { fakeTimers: true });
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 2, code: 'corner', team: 'home', second: 1560, text: { ENG: 'Corner Lions' } }) });
    expect(document.querySelector('[data-callout]')).toHaveTextContent('Corner for Lions');
    expect(document.querySelector('[data-callout]')).toHaveAttribute('data-side', 'home');
    expect(screen.getByRole('img').querySelector('[data-attack]')).toBeNull();
    act(() => jest.advanceTimersByTime(2000));
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 21, code: 'shotOnTarget', team: 'home', second: 1580, text: { ENG: 'Shot Lions' } }) });
    expect(document.querySelector('[data-callout]')).toHaveTextContent('Lions shot on target');
    // The newer event has its own full time on the field.
    act(() => jest.advanceTimersByTime(2000));
    expect(document.querySelector('[data-callout]')).toHaveTextContent('Lions shot on target');
    act(() => jest.advanceTimersByTime(1000));
    expect(document.querySelector('[data-callout]')).toBeNull();
    // Possession shares are not news: nothing is named for them.
    push.send('match:9:score', { kind: 'event', matchId: 9, event: event({ type: 25, code: 'possession', team: 'away', text: { ENG: '' } }) });
    expect(document.querySelector('[data-callout]')).toBeNull();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(["27'LionsShot Lions", "27'LionsCorner Lions", "26'TigersTigers attack"]);
  });

  it('switches between the field and the statistics with the keyboard', async () => {
    await setup([football()]);
    const fieldTab = screen.getByRole('tab', { name: 'Field' });
    expect(fieldTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Field' })).toContainElement(screen.getByRole('img'));
    fireEvent.keyDown(fieldTab, { key: 'ArrowRight' });
    const statsTab = screen.getByRole('tab', { name: 'Stats' });
    expect(statsTab).toHaveAttribute('aria-selected', 'true');
    expect(statsTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Stats' }).querySelector('[data-stat="possession"]')).not.toBeNull();
    fireEvent.keyDown(statsTab, { key: 'Home' });
    expect(screen.getByRole('tabpanel', { name: 'Field' })).toContainElement(screen.getByRole('img'));
  });

  it('says when the match is not live, and starts drawing when a status push says it is', async () => {
    const { push } = await setup([football({ matchStatus: 0, inPlay: false, period: 0, matchPeriod: 'Not Started', events: [], stats: [], homeScore: 0, awayScore: 0 })]);
    expect(screen.getByText('The match is not live right now.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    push.send('match:9:score', { kind: 'status', matchId: 9, matchStatus: 1, period: 1, matchPeriod: { ENG: '1st Half', CMN: '上半场' } });
    expect(screen.getByRole('img', { name: 'Lions v Tigers' })).toBeInTheDocument();
    expect(screen.getByText('1st Half')).toBeInTheDocument();
  });

  it('shows a failure with Retry, and retries the call', async () => {
    const { get } = await setup([new Error('network'), football()]);
    expect(screen.getByRole('alert')).toHaveTextContent('The match tracker could not be loaded.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await settle();
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img', { name: 'Tigers attack' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('unsubscribes from its channels on unmount', async () => {
    const { push, view } = await setup([football()]);
    expect(push.channels()).toHaveLength(2);
    view.unmount();
    expect(push.channels()).toEqual([]);
    expect(push.unsubscribed.sort()).toEqual(['football:tec', 'match:9:score']);
  });

  it('shows half-time as half-time: no clock standing at 45:00 beside the period, the half-time event at HT, not 46\'', async () => {
    const start = football({
      period: 2,
      matchPeriod: 'Half Time',
      clock: { running: false, period: 2, second: 2700, type: 'up' },
      events: [event({ type: 13, code: 'halfTime', team: null, second: 2700, period: 2, text: 'Half time 1-0' })],
    });
    await setup([start]);
    const header = document.querySelector('[data-score]')?.parentElement as HTMLElement;
    expect(header).toHaveTextContent('Half Time');
    expect(document.querySelector('[data-clock]')).toBeNull();
    const item = document.querySelector('[data-timeline] li') as HTMLElement;
    expect(item).toHaveTextContent('HT');
    expect(item).not.toHaveTextContent("46'");
  });
});
