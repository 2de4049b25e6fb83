import { getEnv, types, type Instance } from 'mobx-state-tree';
import { request, type PushClient } from '../../src/sdk';
import { applyPush, applyStats, initialState, type AnimationStart, type StatRow, type TrackerKind, type TrackerState, type WireLanguage } from './tracker';

/** What the tracker needs from the app: the media service (the starting state), the push client and the clock. */
export interface TrackerEnv {
  /** The media client answers a call's data, its shape stated here (AnimationStart). */
  http: { media: { get(url: string): Promise<unknown> } };
  push: Pick<PushClient, 'subscribe'>;
  now(): number;
}

/** What one animation follows: the start route, the match, the sport's drawing and the language of the names. */
export interface Followed {
  url: string;
  matchId: number;
  kind: TrackerKind;
  language: WireLanguage;
}

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

/**
 * One animation's match state (tracker.ts): the starting state the media service answers, through the request
 * primitive, then what the match's pushes change. The screen's timers dismiss highlights here too, so the next push
 * never brings a dismissed one back.
 */
export const TrackerStore = types
  .model('TrackerStore', { request: request() })
  .volatile(() => ({
    state: null as TrackerState | null,
    /** When the starting state was applied: the clock shown counts from there. */
    startedAt: 0,
  }))
  .views((self) => ({
    get phase(): 'loading' | 'failed' | 'ready' {
      const { status } = self.request;
      return status === 'ready' ? 'ready' : status === 'failed' ? 'failed' : 'loading';
    },
  }))
  .actions((self) => ({
    /** Changes the state shown (a push, a dismissed highlight); nothing before the starting state. */
    update(change: (state: TrackerState) => TrackerState) {
      if (self.state) self.state = change(self.state);
    },
    start(state: TrackerState, at: number) {
      self.state = state;
      self.startedAt = at;
    },
    clear() {
      self.state = null;
    },
  }))
  .actions((self) => ({
    /** Follows a match (again: a Retry, another language) until the answered stop is called. */
    follow({ url, matchId, kind, language }: Followed): () => void {
      const { http, push, now } = getEnv<TrackerEnv>(self);
      self.clear();
      // Pushes that arrive before the starting state are replayed onto it (events already answered are skipped).
      const early: unknown[] = [];
      const offScore = push.subscribe(`match:${matchId}:score`, (data) => {
        if (self.state) self.update((state) => applyPush(state, data, language, now()));
        else early.push(data);
      });
      // Football's statistics come by their own channel.
      const offTec =
        kind === 'football'
          ? push.subscribe('football:tec', (data) => {
              const stats = self.state ? statsOfTec(data, matchId, language) : undefined;
              if (stats) self.update((state) => applyStats(state, stats));
            })
          : () => undefined;
      void self.request.run(
        async () => (await http.media.get(url)) as AnimationStart,
        (start) => {
          const at = now();
          let next = initialState(start, at, kind);
          for (const data of early) next = applyPush(next, data, language, at);
          // The starting state's last goal is history, not news: no overlay for it.
          self.start({ ...next, flash: null }, at);
        },
      );
      return () => {
        self.request.cancel();
        offScore();
        offTec();
      };
    },
  }));

export type TrackerStoreInstance = Instance<typeof TrackerStore>;
