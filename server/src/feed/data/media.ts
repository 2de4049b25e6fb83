import { Rng } from '../random';
import type { MatchMedia } from '../types';

/**
 * Video lines and animation sources of a match: relative paths the platform serves. HLS for
 * mobile (h5), FLV for desktop (pc); animation is one page per match, the second source a
 * variant of it. Every match plays with video once live; a share of upcoming ones list their
 * lines in advance.
 */
export interface MediaPlan {
  lines: number;
  animations: number;
  /** Whether the video lines show before kick-off. */
  early: boolean;
}

export function mediaPlan(seed: number, matchId: number, upcomingShare: number): MediaPlan {
  const rng = Rng.of(seed, 'media', matchId);
  return { lines: 1 + rng.weighted([0.25, 0.35, 0.2, 0.12, 0.08]), animations: rng.chance(0.3) ? 2 : 1, early: rng.chance(upcomingShare) };
}

export function mediaOf(matchId: number, plan: MediaPlan, live: boolean): MatchMedia {
  const videos = live || plan.early
    ? Array.from({ length: plan.lines }, (_, i) => ({ line: i + 1, pc: `/media/live/${matchId}/${i + 1}.flv`, h5: `/media/live/${matchId}/${i + 1}/index.m3u8` }))
    : [];
  const animations = Array.from({ length: plan.animations }, (_, i) => {
    const pc = i === 0 ? `/media/animation/${matchId}` : `/media/animation/${matchId}?source=${i + 1}`;
    return { pc, h5: `${pc}${i === 0 ? '?' : '&'}plat=h5` };
  });
  return { videos, animations };
}
